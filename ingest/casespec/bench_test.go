package casespec

import (
	"path/filepath"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
)

const realDir = "../testdata/safeactbench"

// realHashes are the case_spec_sha256 values of the ten real cases, from
// testdata/safeactbench/README.md (which took them from env/case_manifest.json at
// commit 4f338473…).
var realHashes = map[string]string{
	"SAB-L-001":  "326d05f6f194430ec5f1fcee0148786e3c0edf80db930dfacc7c46b77148f8d5",
	"SAB-V0-001": "9c034d7df61f75730f69fdfd1c3bd75d38eac0b30125e5d3b580cfe896429b99",
	"SAB-V1-001": "2034c3bf6b96b7e3e3f0f0a165ca3920fb6d0ec764de522a710be350f6463aed",
	"SAB-V2-001": "c3734625da31edf92552cbc0425c240585fdf834e018961a54d5603ff91534ae",
	"SAB-V3-001": "f76ea5a6af7f0d8bad45f4d644cac7513365d8a14d505dfab2c03f9a2005a3e2",
	"SAB-V0-166": "0af3f9300c8fb630df9046b9059fa635cd04e8e53f9dabda962af0936c765d79",
	"SAB-V0-167": "076effe3f5dcdf7119b98857e4115d25f19eb59618df365b83099b4e25c9a217",
	"SAB-V1-011": "ba44ff346c8d1b67e4385cc3d6a45b6bf0cbacd6a91e6fc6527b7e24e5e33f46",
	"SAB-V2-016": "17794398d328ccac605e8078b576911edd39beccf04c6873f09234eebdffcb9d",
	"SAB-V2-018": "b9fd78ae0423e16ed1d2338dac11f2d1a885d9c0cc56a4585ab18b2e60e74f6a",
}

func TestLoadBenchRealCases(t *testing.T) {
	for _, path := range []string{realDir, filepath.Join(realDir, "cases")} {
		b, err := LoadBench(path, BenchOptions{})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if b.Kind != BenchCaseDir || len(b.Cases) != 10 {
			t.Fatalf("%s: kind %s, %d cases; want case-dir, 10", path, b.Kind, len(b.Cases))
		}
		want := map[string]struct {
			p      ingest.Protocol
			domain string
		}{
			"SAB-L-001": {ingest.Legacy, "customer_policy_qa"}, "SAB-V0-001": {ingest.V0, "customer_policy_qa"},
			"SAB-V0-166": {ingest.V0, "legal_finance_advice"}, "SAB-V0-167": {ingest.V0, "smart_home_agent"},
			"SAB-V1-001": {ingest.V1, "customer_policy_qa"}, "SAB-V1-011": {ingest.V1, "customer_policy_qa"},
			"SAB-V2-001": {ingest.V2, "legal_finance_advice"}, "SAB-V2-016": {ingest.V2, "healthcare_operations_agent"},
			"SAB-V2-018": {ingest.V2, "smart_home_agent"}, "SAB-V3-001": {ingest.V3, "customer_policy_qa"},
		}
		for i, c := range b.Cases {
			if i > 0 && b.Cases[i-1].ID >= c.ID {
				t.Errorf("cases not sorted: %s before %s", b.Cases[i-1].ID, c.ID)
			}
			w, ok := want[c.ID]
			if !ok || c.Protocol != w.p || c.Domain != w.domain {
				t.Errorf("%s: protocol %s domain %s, want %s %s", c.ID, c.Protocol, c.Domain, w.p, w.domain)
			}
			if got := SpecSHA256(c.Spec); got != realHashes[c.ID] {
				t.Errorf("%s: sha256 %s, want %s", c.ID, got, realHashes[c.ID])
			}
		}
		if b.Case("SAB-V1-011") == nil || b.Case("SAB-V9-001") != nil {
			t.Error("Case lookup wrong")
		}
		if b.Evidence["SAB-V0-166"] == nil || b.Materialized["SAB-V0-001"] == nil {
			t.Errorf("%s: evidence not attached: %d case-scoped, %d materialized", path, len(b.Evidence), len(b.Materialized))
		}
		if len(b.Warnings) != 0 {
			t.Errorf("%s: unexpected warnings %v", path, b.Warnings)
		}
		// SAB-V0-001 and SAB-V1-011 share rule CUST-RULE-HOTEL-COMPENSATION-001 and
		// booking HTL-8831; SAB-L-001 has a contrast pair id.
		if c0, c1 := b.Case("SAB-V0-001"), b.Case("SAB-V1-011"); c0.Cluster != c1.Cluster || c0.ClusterRule != ClusterDerived {
			t.Errorf("V0-001 %s/%s, V1-011 %s/%s: want one derived cluster", c0.Cluster, c0.ClusterRule, c1.Cluster, c1.ClusterRule)
		}
		if c := b.Case("SAB-L-001"); c.Cluster != "contrast:cpq-refund-actionability" || c.ClusterRule != ClusterContrast {
			t.Errorf("L-001 cluster %s/%s", c.Cluster, c.ClusterRule)
		}
		counts := map[string]ClusterCount{}
		for _, cc := range b.ClusterCounts {
			counts[cc.Rule] = cc
		}
		if counts[ClusterDerived] != (ClusterCount{ClusterDerived, 1, 2}) || counts[ClusterContrast] != (ClusterCount{ClusterContrast, 1, 1}) ||
			counts[ClusterCase] != (ClusterCount{ClusterCase, 7, 7}) {
			t.Errorf("cluster counts %+v", b.ClusterCounts)
		}
	}
}
