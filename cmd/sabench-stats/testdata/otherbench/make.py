#!/usr/bin/env python3
"""Writes this folder: OpsSafe, a bench built like SafeActBench but not it (own ids,
domains, tools, protocols and conditions), made from five real cases of
ingest/testdata/safeactbench/cases, and episodes of three configurations whose verdicts
are known (expected.tsv: run_id, ecs, failure_type). Run it from this folder."""
import copy, json, os, re, shutil

SRC = "../../../../ingest/testdata/safeactbench/cases"
shutil.rmtree("cases", ignore_errors=True)
shutil.rmtree("sets", ignore_errors=True)
os.makedirs("cases"); os.makedirs("sets")

# (id, protocol, domain, tool prefix, released case it is made from)
CASES = [("LAB-0001", "legacy", "lab-automation", "lab_", "SAB-L-001"),
         ("LAB-0002", "v1", "lab-automation", "lab_", "SAB-V1-001"),
         ("pay_v1_03", "v1", "payroll", "pay_", "SAB-V1-011"),
         ("pay_v2_04", "v2", "payroll", "pay_", "SAB-V2-001"),
         ("kops-005", "v1", "k8s ops", "kops_", "SAB-V1-001"),
         ("kops-006", "v2", "k8s ops", "kops_", "SAB-V2-016")]

def tools_of(o, acc):
    if isinstance(o, dict):
        for k, v in o.items():
            if k in ("tool", "source_tool_name") and isinstance(v, str): acc.add(v)
            if k in ("info_tools", "available_tools") and isinstance(v, list): acc.update(x for x in v if isinstance(x, str))
            tools_of(v, acc)
    elif isinstance(o, list):
        for v in o: tools_of(v, acc)
    return acc

specs = {}
for cid, proto, dom, pre, seed in CASES:
    spec = json.load(open(f"{SRC}/{seed}.json"))
    text = json.dumps(spec)
    # The bench's own tools: every tool name prefixed, wherever the spec names it.
    for t in sorted(tools_of(spec, set()), key=len, reverse=True):
        text = re.sub(r"\b" + re.escape(t) + r"\b", pre + t, text)
    text = text.replace(seed, cid).replace(json.dumps(spec["env_id"]), json.dumps(dom))
    specs[cid] = json.loads(text)
    json.dump({"case_id": cid, "protocol": proto, "case_spec": specs[cid]}, open(f"cases/{cid}.json", "w"), indent=1)
# A condition of the bench's own on a variant case: redacted (same evidence, acting is right).
json.dump({"case_id": "pay_v1_03@redacted", "protocol": "v1", "case_spec": specs["pay_v1_03"]}, open("cases/pay_v1_03@redacted.json", "w"), indent=1)
json.dump({"bench_id": "opssafe", "dataset_version": "0.1.0"}, open("env_manifest.json", "w"))
open("sets/ops_redaction.txt", "w").write("pay_v1_03\n")

def reference(cid, proto, s):
    if proto == "legacy":
        return {"schema_version": 1, "env_id": s["env_id"], "decision": s["gold_decision"],
                "decision_time": s["metadata"].get("decision_time", s["now"]), "candidate_action_summary": s["candidate_final_action"],
                "confirm": s["gold_confirm"], "claims": [], "evidence_refs": [], "risk_notes": "", "rationale": s["gold_rationale"]}
    st, ev = s["simulated_trace"], []
    if proto == "v1":
        for c in st["info_calls"] + [st["consequential_call"]]:
            typ = "CONSEQUENTIAL_CALL" if c is st["consequential_call"] else "INFO_CALL"
            ev.append({"type": typ, "call_id": "call_%02d" % (len(ev) + 1), "tool": c["tool"], "arguments": c["arguments"]})
    else:
        commits, deltas = list(s["workflow"]), s.get("frozen_evidence_deltas") or {}
        for i, e in enumerate(copy.deepcopy(st["events"])):
            if e["type"] == "INFO_CALL":
                e["call_id"] = "info_%02d" % (i + 1)
                k = e["tool"] + ":" + json.dumps(e["arguments"], sort_keys=True, separators=(",", ":"))
                if k in deltas: e["evidence_delta_key"] = k
            else:
                c = next(c for c in commits if c["tool"] == e["tool"])
                e["call_id"] = c["commit_id"]; commits.remove(c)
            ev.append(e)
    return {"schema_version": 1, "env_id": s["env_id"], "episode_id": cid, "events": ev}

def mutate(rec, m):
    rec = copy.deepcopy(rec)
    if m == "wrong_decision": rec["decision"] = "block"
    elif m == "premature_action": rec["events"].pop(0)  # the first required read dropped
    elif m == "wrong_action": rec["events"][-1]["arguments"]["amount"] += 100.0
    elif m == "partial_workflow":  # stopped after the first commit
        ev = rec["events"]; rec["events"] = ev[:next(i for i, e in enumerate(ev) if e["type"] == "CONSEQUENTIAL_CALL") + 1]
    return rec

def plan(cfg, cid, proto, dom, rep):
    """The one thing a configuration does wrong: the failure type it gets, "" for none;
    None where it did not run the case."""
    if cfg == "gpt-4o-2024-08-06/react":
        return "wrong_decision" if proto == "legacy" and rep == 1 else ""
    if cfg == "llama3.1:70b":
        if proto == "v2": return "partial_workflow"
        return "wrong_action" if cid == "pay_v1_03" else ""
    if proto == "v2": return None  # Mixtral 8x22B (vLLM) ran no V2 case
    return "premature_action" if dom == "k8s ops" else ""

with open("runs.jsonl", "w") as f, open("expected.tsv", "w") as g:
    for cfg in ("gpt-4o-2024-08-06/react", "llama3.1:70b", "Mixtral 8x22B (vLLM)"):
        for cid, proto, dom, pre, seed in CASES:
            for rep in range(2):
                m = plan(cfg, cid, proto, dom, rep)
                if m is None: continue
                rid = f"{cfg}:{cid}:{rep}"
                f.write(json.dumps({"schema": "sabench.episode/v1", "run_id": rid, "config": cfg, "case_id": cid, "repeat": rep,
                                    "condition": "main", "status": "completed", "record": mutate(reference(cid, proto, specs[cid]), m),
                                    "official": {"successful": m == ""}}, separators=(",", ":")) + "\n")
                g.write(f"{rid}\t{str(m == '').lower()}\t{m}\n")
        if cfg.startswith("gpt"):
            for rep in range(2):
                rid = f"{cfg}:pay_v1_03@redacted:{rep}"
                f.write(json.dumps({"schema": "sabench.episode/v1", "run_id": rid, "config": cfg, "case_id": "pay_v1_03@redacted", "repeat": rep,
                                    "condition": "redacted", "status": "completed", "record": reference("pay_v1_03", "v1", specs["pay_v1_03"])}, separators=(",", ":")) + "\n")
                g.write(f"{rid}\ttrue\t\n")
