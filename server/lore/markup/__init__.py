"""Reading text a repository controls, safely: YAML with limits (`yamlbound`), text a rendered view
hides (`hidden`), git conflict markers (`conflicts`)."""
