"""Read stage: files to plain data with the position of every node (safety screen, YAML reader,
the kept parses of the last build).
"""
