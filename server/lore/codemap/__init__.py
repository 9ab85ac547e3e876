"""The codebase map: manifests, commands, entry points, the import graph ranked by centrality, test layout.

`build.build_map(root)` reads a workspace into a `CodeMap` (no database, no pygls);
`store.refresh_map(lore)` stores it as `fact` memories, one per map item with a stable key,
superseding an item's memory when its text changes and doing nothing when the manifests and the
file list are unchanged.
"""
