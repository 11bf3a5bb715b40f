"""The `rulesrun` command: a thin layer over the library."""
