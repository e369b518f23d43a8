"""The typed model every stage shares: units, documents, kinds, diagnostics, errors, labels; it imports
nothing else of Folio's."""
