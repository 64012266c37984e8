"""Words and catalogs: the .po files, how they are read and refreshed, and the words for
the engines' values."""
