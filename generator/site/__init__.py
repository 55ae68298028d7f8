"""MkDocs and Material: the plugin MkDocs calls, each language's configuration and build, the
preview server's configuration, and every patch of MkDocs' or Material's internals.
"""
