"""Agents as users: how far a memory's text is trusted and what an agent may change (`trust`), and
the memories agents proposed, waiting for a person (`proposals`)."""
