"""The link stage: stored translations attached as sides, then every cross-reference resolved."""
