-- puthi corpus store, schema version 1.
-- Two text layers per page: ocr_text (as read) and text (final: active edits applied).
-- Edits index ocr_text; terms, numbers and claims index text. Offsets are code points.
-- resp is 'machine' or 'human'; active = 0 marks a machine row a human correction overrode.

CREATE TABLE documents (
    id          INTEGER PRIMARY KEY,
    source      TEXT NOT NULL UNIQUE,
    name        TEXT NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('image', 'pdf', 'hocr', 'alto', 'text')),
    sha256      TEXT NOT NULL,
    lang        TEXT NOT NULL DEFAULT '',
    licence     TEXT NOT NULL DEFAULT '',
    provenance  TEXT NOT NULL DEFAULT '',
    title       TEXT NOT NULL DEFAULT '',
    pages       INTEGER NOT NULL DEFAULT 0,
    added       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

CREATE TABLE pages (
    id            INTEGER PRIMARY KEY,
    doc_id        INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    page_no       INTEGER NOT NULL,
    content_hash  TEXT NOT NULL,
    image         TEXT NOT NULL DEFAULT '',
    width         INTEGER NOT NULL DEFAULT 0,
    height        INTEGER NOT NULL DEFAULT 0,
    lang          TEXT NOT NULL DEFAULT '',
    mean_conf     REAL NOT NULL DEFAULT -1,
    ocr_json      TEXT NOT NULL,
    ocr_text      TEXT NOT NULL,
    text          TEXT NOT NULL,
    seconds       REAL NOT NULL DEFAULT 0,
    done          TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    UNIQUE (doc_id, page_no)
);

CREATE TABLE steps (
    page_id   INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,
    stage     TEXT NOT NULL,
    version   TEXT NOT NULL,
    settings  TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (page_id, seq)
);

CREATE TABLE lines (
    page_id   INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
    line_no   INTEGER NOT NULL,
    block_no  INTEGER NOT NULL,
    start     INTEGER NOT NULL,
    "end"     INTEGER NOT NULL,
    x0 INTEGER, y0 INTEGER, x1 INTEGER, y1 INTEGER,
    PRIMARY KEY (page_id, line_no)
);

CREATE TABLE words (
    page_id   INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
    line_no   INTEGER NOT NULL,
    word_no   INTEGER NOT NULL,
    start     INTEGER NOT NULL,
    "end"     INTEGER NOT NULL,
    text      TEXT NOT NULL,
    conf      REAL NOT NULL DEFAULT -1,
    x0 INTEGER, y0 INTEGER, x1 INTEGER, y1 INTEGER,
    PRIMARY KEY (page_id, line_no, word_no)
);

CREATE TABLE annotations (
    id        INTEGER PRIMARY KEY,
    doc_id    INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    page_no   INTEGER NOT NULL,
    kind      TEXT NOT NULL CHECK (kind IN ('text', 'term', 'verdict')),
    start     INTEGER NOT NULL,
    "end"     INTEGER NOT NULL,
    line_no   INTEGER,
    word_no   INTEGER,
    before    TEXT NOT NULL DEFAULT '',
    after     TEXT NOT NULL,
    author    TEXT NOT NULL,
    note      TEXT NOT NULL DEFAULT '',
    created   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    status    TEXT NOT NULL DEFAULT 'pending'
);

CREATE TABLE edits (
    page_id     INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
    start       INTEGER NOT NULL,
    "end"       INTEGER NOT NULL,
    before      TEXT NOT NULL,
    after       TEXT NOT NULL,
    rule        TEXT NOT NULL,
    confidence  REAL NOT NULL DEFAULT 1,
    resp        TEXT NOT NULL CHECK (resp IN ('machine', 'human')),
    author      TEXT NOT NULL DEFAULT '',
    active      INTEGER NOT NULL DEFAULT 1,
    annotation_id INTEGER REFERENCES annotations(id) ON DELETE CASCADE
);

CREATE TABLE terms (
    page_id   INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
    start     INTEGER NOT NULL,
    "end"     INTEGER NOT NULL,
    surface   TEXT NOT NULL,
    headword  TEXT NOT NULL,
    concept   TEXT NOT NULL,
    gloss     TEXT NOT NULL DEFAULT '',
    tbl       TEXT NOT NULL DEFAULT '',
    score     REAL NOT NULL DEFAULT 1,
    resp      TEXT NOT NULL CHECK (resp IN ('machine', 'human')),
    author    TEXT NOT NULL DEFAULT '',
    active    INTEGER NOT NULL DEFAULT 1,
    annotation_id INTEGER REFERENCES annotations(id) ON DELETE CASCADE
);

CREATE TABLE numbers (
    page_id   INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
    start     INTEGER NOT NULL,
    "end"     INTEGER NOT NULL,
    surface   TEXT NOT NULL,
    value     INTEGER NOT NULL
);

CREATE TABLE claims (
    id          INTEGER PRIMARY KEY,
    page_id     INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    game        TEXT,
    quantity    TEXT NOT NULL,
    params      TEXT NOT NULL DEFAULT '{}',
    stated      TEXT,
    start       INTEGER NOT NULL,
    "end"       INTEGER NOT NULL,
    text        TEXT NOT NULL,
    confidence  REAL NOT NULL DEFAULT 1
);

CREATE TABLE verdicts (
    claim_id     INTEGER NOT NULL REFERENCES claims(id) ON DELETE CASCADE,
    expected     TEXT,
    verdict      TEXT NOT NULL CHECK (verdict IN ('consistent', 'contradicted', 'unverifiable')),
    explanation  TEXT NOT NULL DEFAULT '',
    impl         TEXT NOT NULL DEFAULT 'reference',
    resp         TEXT NOT NULL CHECK (resp IN ('machine', 'human')),
    author       TEXT NOT NULL DEFAULT '',
    active       INTEGER NOT NULL DEFAULT 1,
    annotation_id INTEGER REFERENCES annotations(id) ON DELETE CASCADE
);

CREATE TABLE failures (
    id       INTEGER PRIMARY KEY,
    source   TEXT NOT NULL,
    page_no  INTEGER,
    stage    TEXT NOT NULL,
    message  TEXT NOT NULL,
    at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

CREATE INDEX pages_doc ON pages(doc_id);
CREATE INDEX edits_page ON edits(page_id);
CREATE INDEX terms_page ON terms(page_id);
CREATE INDEX terms_concept ON terms(concept);
CREATE INDEX numbers_page ON numbers(page_id);
CREATE INDEX claims_page ON claims(page_id);
CREATE INDEX verdicts_claim ON verdicts(claim_id);
CREATE INDEX annotations_page ON annotations(doc_id, page_no);
CREATE INDEX failures_source ON failures(source);
