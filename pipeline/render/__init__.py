"""The render stage: the model and the diagnostics to corpus.json and YAML (writers/), the website (site/),
the printed aids (aids/)."""
