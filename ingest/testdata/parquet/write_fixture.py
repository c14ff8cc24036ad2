"""Write foreign.parquet with pyarrow, the way a pandas/pyarrow user would export episodes.

Run with pyarrow installed:  python3 write_fixture.py
(pyarrow was not installable on the machine where the committed fixture was made —
Debian has no python3-pyarrow package there and PyPI was unreachable — so the committed
file comes from gen_fixture.go, which mimics this script's layout with a different
arrow-go writer configuration; see README.md.)
"""
import json

import pyarrow as pa
import pyarrow.parquet as pq

rows = json.load(open("foreign_rows.json"))
event = pa.struct([("type", pa.string()), ("call_id", pa.string()), ("tool", pa.string()),
                   ("arguments", pa.string()), ("evidence_delta_key", pa.string()), ("tool_status", pa.string())])
schema = pa.schema([
    ("case_id", pa.large_string()), ("config", pa.large_string()), ("repeat", pa.int32()),
    ("condition", pa.dictionary(pa.int32(), pa.string())), ("status", pa.string()),
    ("failure_class", pa.string()), ("record", pa.large_string()), ("run_id", pa.string()),
    ("usage", pa.string()), ("events", pa.list_(event)), ("__index_level_0__", pa.int64()),
])
cols = {name: [r.get(name) for r in rows] for name in schema.names}
cols["__index_level_0__"] = list(range(100, 100 + len(rows)))
table = pa.table(cols, schema=schema)
pq.write_table(table, "foreign.parquet", compression="snappy", use_dictionary=["condition"],
               row_group_size=2, data_page_version="1.0", store_schema=False)
