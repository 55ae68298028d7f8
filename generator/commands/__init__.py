"""One module per ``rulesite`` sub-command; each defines ``register(subparsers)``.

The CLI discovers the modules here, so adding a command never touches ``cli.py``.
"""
