"""Team memories as files in `.lore/memories/`: reading and writing them (`files`), keeping the
database in step (`sync`), surgical front-matter edits (`frontedit`), the git merge driver
(`mergefile`) and `lore review` (`review`)."""
