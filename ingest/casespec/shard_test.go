package casespec

import (
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// The case-spec binding: the release shard binds the release's case object
// (b85f4439…: the copy in cases/ plus the four non-scoring fields the release adds); the project's copy in cases/ hashes to the
// 4f33847 index's value (f76ea5a6…) and would fail the release loader at step 5.
func TestShardCaseSpecBinding(t *testing.T) {
	for _, tc := range []struct{ path, want string }{
		{"../testdata/safeactbench/release-85c044/SAB-V3-001.json", "b85f443992be5c6f97d59d9543f4d555fd5bcb8be8171a0343e16412e0f91f11"},
		{"../testdata/safeactbench/cases/SAB-V3-001.json", ""},
	} {
		o, p := ingest.ReadJSONObject(tc.path)
		if p != nil {
			t.Fatal(p)
		}
		got := sha256Canonical(o)
		if tc.want != "" && got != tc.want {
			t.Errorf("%s: sha256_canonical_json %s, want %s", tc.path, got, tc.want)
		}
		if tc.want == "" && (got == "b85f443992be5c6f97d59d9543f4d555fd5bcb8be8171a0343e16412e0f91f11" || got[:8] != "f76ea5a6") {
			t.Errorf("%s: sha256_canonical_json %s, want f76ea5a6… (the 4f33847 index's value)", tc.path, got)
		}
	}
}

func TestShardDigestIgnoresOnlyItsField(t *testing.T) {
	a := jsonv.NewObject("b", int64(1), "a", "x", "manifest_digest", "zz")
	b := jsonv.NewObject("a", "x", "b", int64(1))
	if ShardDigest(a, "manifest_digest") != ShardDigest(b, "manifest_digest") {
		t.Error("the digest depends on key order or on the digest field")
	}
	b.Set("c", nil)
	if ShardDigest(a, "manifest_digest") == ShardDigest(b, "manifest_digest") {
		t.Error("the digest ignores a field")
	}
}
