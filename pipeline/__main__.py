"""`python -m pipeline` runs the `folio` command."""

from .cli import main

raise SystemExit(main())
