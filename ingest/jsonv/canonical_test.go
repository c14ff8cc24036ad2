package jsonv

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"
)

// TestCanonicalPython checks both ensure_ascii variants against CPython 3.11.7:
//
//	json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=...)
//
// run on the value below; the expected strings are its output, copied verbatim.
func TestCanonicalPython(t *testing.T) {
	v, err := Parse([]byte(`{"b":[119.0,1e-05,1e16,0.0001,-0.0,1e22,5e-324,123456789.125,0.30000000000000004],` +
		`"a":"Zoë ☃ 😀 \"q\" \\ \n\t\u0001\u007f","é":true,"Z":null,"n":-7}`))
	if err != nil {
		t.Fatal(err)
	}
	const wantASCII = `{"Z":null,"a":"Zo\u00eb \u2603 \ud83d\ude00 \"q\" \\ \n\t\u0001\u007f",` +
		`"b":[119.0,1e-05,1e+16,0.0001,-0.0,1e+22,5e-324,123456789.125,0.30000000000000004],"n":-7,"\u00e9":true}`
	const wantUTF8 = "{\"Z\":null,\"a\":\"Zoë ☃ 😀 \\\"q\\\" \\\\ \\n\\t\\u0001\x7f\"," +
		`"b":[119.0,1e-05,1e+16,0.0001,-0.0,1e+22,5e-324,123456789.125,0.30000000000000004],"n":-7,"é":true}`
	if got := string(Canonical(v, true)); got != wantASCII {
		t.Errorf("ensure_ascii=True:\n got %s\nwant %s", got, wantASCII)
	}
	if got := string(Canonical(v, false)); got != wantUTF8 {
		t.Errorf("ensure_ascii=False:\n got %q\nwant %q", got, wantUTF8)
	}
}

// TestFloatRepr checks Python's repr(float) for the values the evaluator's keys and
// hashes meet. Expected values: CPython 3.11.7, repr(x) (the shortest round-trip
// digits; scientific below 1e-4 and from 1e16 on).
func TestFloatRepr(t *testing.T) {
	for _, c := range []struct {
		f    float64
		want string
	}{
		{119.0, "119.0"}, {1e-05, "1e-05"}, {1e+16, "1e+16"}, {0.0001, "0.0001"},
		{copysign0(), "-0.0"}, {250.0, "250.0"}, {9999999999999998.0, "9999999999999998.0"},
		{0.1, "0.1"}, {1.5e-07, "1.5e-07"}, {-2.5e+20, "-2.5e+20"}, {123456.789, "123456.789"},
	} {
		if got := string(AppendFloatRepr(nil, c.f)); got != c.want {
			t.Errorf("repr(%v) = %s, want %s", c.f, got, c.want)
		}
	}
}

func copysign0() float64 {
	z := 0.0
	return -z
}

// realCaseHashes are the manifest's case_spec_sha256 of the ten real cases, as listed
// in ingest/testdata/safeactbench/README.md (from env/case_manifest.json, commit 4f338473…).
var realCaseHashes = map[string]string{
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

// TestRealCaseSpecHashes recomputes case_spec_sha256 = sha256(json.dumps(spec,
// sort_keys=True, separators=(",",":"), ensure_ascii=False)) for the ten real cases.
func TestRealCaseSpecHashes(t *testing.T) {
	for id, want := range realCaseHashes {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "safeactbench", "cases", id+".json"))
		if err != nil {
			t.Fatal(err)
		}
		spec, err := ParseObject(data)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		sum := sha256.Sum256(Canonical(spec, false))
		if got := hex.EncodeToString(sum[:]); got != want {
			t.Errorf("%s: sha256 %s, want %s", id, got, want)
		}
	}
}

// TestMarshalRoundTrip: Marshal keeps key order and the int/float distinction.
func TestMarshalRoundTrip(t *testing.T) {
	in := `{"z":1,"a":1.0,"m":[null,true,"Zoë\u2028",{"y":-0.0,"x":1e-05}],"big":123456789012345678901234567890}`
	v, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	out := Marshal(v)
	const want = "{\"z\":1,\"a\":1.0,\"m\":[null,true,\"Zoë\u2028\",{\"y\":-0.0,\"x\":1e-05}],\"big\":123456789012345678901234567890}"
	if string(out) != want {
		t.Errorf("Marshal = %s, want %s", out, want)
	}
	back, err := Parse(out)
	if err != nil || !Equal(back, v) {
		t.Errorf("round trip changed the value: %v", err)
	}
}
