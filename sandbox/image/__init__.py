"""The workspace image: Dockerfile, PID-1 supervisor, offline base script and the build command."""
