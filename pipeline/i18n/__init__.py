"""Folio's interface strings in English and Russian: the Babel catalogs in locale/ and the step that refreshes them."""
