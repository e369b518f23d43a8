"""`folio serve`, a driver over :func:`pipeline.build.build`: watch the build's inputs
(:mod:`.watch`), rebuild in this process on every save (:mod:`.loop`), and serve site/ with a
script that reloads the open pages (:mod:`.reload`)."""
