"""Rendering and building: templates to Markdown (translations as text), pictures, the
MkDocs build of every language, the preview server, the pages' approved texts."""
