"""Keeping private memories safe and the database healthy: the commit journal (`journal`),
backups (`backup`), recovery while running (`recovery`) and `lore doctor` (`doctor`)."""
