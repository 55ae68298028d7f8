"""Generate stage: rules data to Markdown, one tree of pages per language.

Nothing here writes files: :func:`generate.render_site` returns path -> Markdown per
language, and :mod:`generator.output.write` puts it on disk.
"""
