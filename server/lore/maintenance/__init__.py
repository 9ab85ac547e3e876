"""Keeping private memories safe and the database healthy: the commit journal (`journal`),
backups (`backup`), recovery while running (`recovery`), secret removal (`scrub`) and `lore doctor`
(`doctor`)."""
