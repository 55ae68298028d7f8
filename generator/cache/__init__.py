"""Everything a build keeps: between builds under ``build/``, and between edits in ``rulesite serve``.

Imports only :mod:`generator.core`; the stages use these stores, they never keep state of their own.

Nothing read from ``build/`` can run code
-----------------------------------------

``build/`` is not the project's own: a CI cache restored from another branch, a copied
folder or an unpacked archive can put any bytes there, and the caches hold pickles and
marshalled template code, which run what they say when loaded. Every kept file is
therefore *sealed* (:mod:`generator.cache.seal`): HMAC-SHA256 under a secret key of this
user on this machine (``$XDG_CACHE_HOME/rulesite/key`` or ``~/.cache/rulesite/key``, mode
0600, never in a project), over the code version (:func:`generator.cache.version.code_version`),
the file's purpose (its cache and the key of its entry) and its bytes, checked before
anything of it is parsed. A file that fails is a miss: dropped, built again and written over.

Why signing rather than a format that cannot run code: the parses are objects (``Source``,
``Problem``, YAML's dates and sets, shared and even recursive nodes), MkDocs' page state
holds its own classes and Jinja's cache holds code, so a code-free format means a converter
per type and is slower besides: even for the rendered pages, plain strings, JSON loads
about four times and saves three times slower than the sealed pickle (0.70-0.90 s against
0.17-0.19 s, 0.84-1.01 s against 0.23-0.28 s at 150 pages in five languages, two runs of
``benchmarks/kept_store.py``). The signature costs one HMAC pass (over a gigabyte a second
with SHA extensions: 0.09-0.14 s on a load of all 102 MB of those caches) and catches damage
of every kind as well, one check for the pickles,
the JSON search entries, the HTML and the bytecode. What it gives up: a ``build/`` made on
another machine (or by a CI runner without the key) is no cache at all; it is rebuilt cold,
which is the safe reading of a folder nobody here wrote. A CI job that wants its cache
back gives every build the same secret as ``$RULESITE_CACHE_KEY`` (docs/caching.md,
"Keeping build/ in CI"); the restored folder then verifies on any runner that has it.

Where the caches are kept (base and journal, not SQLite): ``benchmarks/kept_store.py``
times both at 150 pages in five languages, every entry sealed either way (medians of five,
seconds, two runs on a shared two-core machine; parses, clean checks and every language's
rendered pages together, 102 MB):

======================  ==========  ==========  ===============  ============
store                   save, all   load        save, one edit   load, edited
======================  ==========  ==========  ===============  ============
base + journal (kept)   0.47-0.52   0.33-0.36   0.10-0.11        0.28-0.37
SQLite, a row an entry  0.86-1.21   0.66-0.72   0.10-0.12        0.55-0.69
======================  ==========  ==========  ===============  ============

SQLite writes only the changed rows, which the journal does as well (the two tie there),
but every build loads every entry, and a signature and an unpickling per row cost about
twice the journal's one per file. Two builds at
once are safe with the journal as well: each file is replaced whole in one step, a journal
names its base, and what a build loses to a race is a miss, never a wrong entry.

Every cache
-----------

Under ``build/`` (``<config>`` is ``mkdocs.<lang>`` for a build, ``mkdocs.serve.<lang>`` for a
preview), then in memory (:mod:`generator.cache.state`):

==========================================  ==========================  ======================  ========================
Cache                                       Key of an entry             Invalidated by          Verified by
==========================================  ==========================  ======================  ========================
``read-cache.pickle`` + ``.journal``:       display path; used only     an edit of the file;    seal (file name, code
parses (:mod:`generator.read.cache`)        for the very text parsed    files no longer read    version); the journal
                                            (whole text compared)       are dropped at save     names its base; the text
                                                                                                compared in full

``clean-checks.pickle`` + ``.journal``:     the check's inputs          any input differs:      seal; an entry is its
clean translation checks                    themselves (check,          checked afresh; only    own key
(:mod:`generator.cache.clean_memo`)         English, translation,       inputs asked about are
                                            markup)                     kept

``render-cache/<lang>.pickle`` +            path -> (key, text); key:   any input of the page:  seal; the entry's key
``.journal``: rendered pages                digest of code version,     its key differs; pages  compared with the page's
(:mod:`generator.render.memo`)              shared files, outlines,     not rendered are
                                            the page's own files,       dropped at save
                                            language, path

``page-cache/<config>/md-<key>``: MkDocs'   digest of build settings    its key differs;        seal for folder and key
Markdown conversion                         (configuration,             unused entries          (a renamed file misses);
(:mod:`generator.cache.page_cache`)         ``mkdocs.yml``, theme,      removed; nothing kept   its shape checked once
                                            code version), file list,   after a build that      unpickled
                                            page path, address,         warned
                                            Markdown

``page-cache/<config>/page-<key>``: the     digest of settings, the     as above                seal for folder and key;
finished page                               whole navigation, page                              UTF-8 decoded
                                            path, address, title,
                                            metadata, HTML, table of
                                            contents

``page-cache/<config>/search-page-<key>``:  the finished page's key     as above; a miss        seal for folder and key;
the page's search entries                   (the same inputs)           indexes the page's      must be a list of
                                                                        real HTML, never the    objects
                                                                        cached stand-in

``page-cache/<config>/stats.json``          (none: figures for people   every build without     never read by a build
                                            and tests)                  warnings

``jinja-cache/<key>.code`` (ours),          Jinja's key (template name  an edit of the          seal for key and
``theme-cache/<key>.code`` (Material)       and file) and the source's  template; code and      checksum; unmarshalled
(:mod:`generator.cache.bytecode`)           checksum                    library versions        only then; must be a
                                                                                                code object

``docs/<lang>/**`` (generated Markdown,     (not caches: the build's    written by every build  compared with the fresh
pictures), ``mkdocs.<lang>.yml``            own output)                 where it differs from   text before MkDocs reads
                                                                        what was just rendered  it; configurations
                                                                                                always written

``State.parsed``                            display path                an edit of the file     whole text compared

``State.clean_known``,                      the check's inputs          (never: a set of clean  an entry is its own key
``State.clean_used``                                                    inputs)

``State.taken``                             build folder                taken by the save       read from sealed files
                                                                        after the load

``State.loads`` (preview)                   file name and inputs:       an input no longer the  identity or equality of
                                            sources by identity, plain  same                    every input
                                            values by equality, shared
                                            files' version

``State.generated`` (preview, ``mkdocs``    root, language, a hash of   any watched file        the process's own
run on the project)                         every watched file's bytes  changes; one result     objects
                                                                        kept

``State.written`` (preview)                 docs folder -> path ->      the next write to that  compared with the text
                                            text                        folder                  to write

``State.rendered`` (preview)                language -> path -> (key,   its key differs (as     the entry's key compared
                                            text)                       the render cache)

``State.summaries``                         (language, document) and    units or model no       identity of the inputs
                                            its units and translation   longer the same
                                            model                       objects

``Derived.*``: ``statuses``,                within one loaded project,  dies with its project   none needed: never
``by_expansion``, ``marked``,               which never changes once                            outlives its project
``pictures``, ``printing_index``,           loaded
``render_fingerprints``
==========================================  ==========================  ======================  ========================

Memos of pure functions (parsing a markup text, escaping, CLDR names, the template
environment) are made only through :func:`generator.cache.memo.pure`, bounded where their
arguments are open-ended; they cannot go stale, and :func:`generator.cache.state.reset`
empties them with the rest. ``tests/test_architecture.py`` fails on any other memo or
module-level state outside this package.

Every sealed file is stamped with the code version through its seal: code that differs in
any ``.py`` or ``.j2`` file of ``generator/``, another Python or another version of a library
whose output is kept drops every file at once. ``tests/test_kept.py`` damages each kind of
file in every way (truncated, emptied, a byte flipped, deleted, random bytes), plants a
pickle that would create a file in each, and brings a ``build/`` from another key: every
rebuild is the cold build byte for byte, and nothing planted runs.
"""
