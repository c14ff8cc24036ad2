package synth

import "github.com/sabench/sabench-stats/ingest"

// target holds one configuration's calibration targets, as fractions. Sources: the
// paper's published numbers (Table 2 main results, Table 3
// diagnostics, Tables 9, 10, 13, 14). Values the paper gives only as a range end or not at
// all are chosen inside the published range and marked "chosen".
type target struct {
	ecs [ingest.NumProtocols]float64 // Table 2: Legacy, V0, V1, V2, V3

	bsr      float64                      // Table 3 BSR (V0); ends 21.7 Qwen/QC, 62.9 GLM/ZCode, others chosen
	par, cas float64                      // Table 3 PAR and CAS (V1); named ends given, others chosen
	gap      [2]float64                   // Table 3 Gap for V2, V3 (0 = default share of failures)
	part     [2]float64                   // Table 3 Part. for V2, V3 (0 = default)
	t9       float64                      // Table 9 interactive ECS on the matched 100 (0 = not in T9)
	t9Static float64                      // Table 9 static accuracy
	t10      float64                      // Table 10 interactive accuracy override (0 = natural)
	t10Stat  float64                      // Table 10 static accuracy (0 = not in T10)
	eg       [ingest.NumProtocols]float64 // Table 13 SCGR-EG per protocol
	sel      [ingest.NumProtocols]float64 // Table 14 SCGR-Select per protocol
	iv       *intervention                // interventions (DeepSeek/DSH, GLM/ZCode, Qwen/QC)
}

// intervention holds action counts (episodes with a consequential attempt) per
// intervention condition, one repeat each: Withheld of 43 (23, 20, 23 in the paper; 66
// acted), Contradicted of 22 (chosen: drops of 54.5–70 points), Evidence package of 43
// (18, 14, 13), Requester claim of 43 (6, 10, 6).
type intervention struct {
	withheld, contradicted, evidencePackage, requesterClaim int
	withheldBlind                                           int // acted without calling the affected tool (1 of 66 in the paper)
}

func add(a [ingest.NumProtocols]float64, d [ingest.NumProtocols]float64) [ingest.NumProtocols]float64 {
	for i := range a {
		a[i] += d[i]
	}
	return a
}

// targets per configuration, in ConfigNames order.
var targets = func() []target {
	t := []target{
		{ecs: [5]float64{.977, .634, .603, .606, .659}, bsr: .316, par: .38, cas: .99, t10Stat: .909},                                         // Claude-5/Claude Code
		{ecs: [5]float64{.965, .589, .542, .591, .614}, bsr: .361, par: .42, cas: .97, t10Stat: .889},                                         // Claude-5/Inspect
		{ecs: [5]float64{.965, .657, .527, .583, .644}, bsr: .293, par: .43, cas: .96, t10Stat: .919},                                         // GPT-5.6/Codex
		{ecs: [5]float64{.942, .594, .473, .553, .606}, bsr: .356, par: .48, cas: .95, t10Stat: .869},                                         // GPT-5.6/Inspect
		{ecs: [5]float64{.965, .491, .611, .652, .591}, bsr: .459, par: .375, cas: .985},                                                      // DeepSeek-V4/DSH
		{ecs: [5]float64{.837, .560, .496, .568, .508}, bsr: .390, par: .40, cas: .833, t9: .52, t9Static: .95, t10Stat: .848},                // DeepSeek-V4/Inspect
		{ecs: [5]float64{.919, .726, .588, .598, .538}, bsr: .217, par: .39, cas: .98},                                                        // Qwen3.8/Qwen Code
		{ecs: [5]float64{.942, .674, .603, .545, .523}, bsr: .276, par: .370, cas: .977, gap: [2]float64{.273, 0}, part: [2]float64{.295, 0}}, // Qwen3.8/Inspect
		{ecs: [5]float64{.977, .343, .321, .121, .341}, bsr: .629, par: .669, cas: .99, gap: [2]float64{.803, 0}, part: [2]float64{.333, 0},
			t9: .33, t9Static: .99}, // GLM-5.2/ZCode
		// GLM-5.2/Inspect: V1 and V0 sit +2.2 and +1.5 above Table 2 (inside the ±4 band) so
		// that Table 10's interactive 83.8 and Table 9's 28.0 can both hold on subsets of
		// the same episodes; V3 gives back 1.5 to keep the overall ECS on 41.0.
		{ecs: [5]float64{.779, .455, .335, .220, .402}, bsr: .495, par: .46, cas: .985, t9: .28, t9Static: .97, t10: .838, t10Stat: .737},
	}
	// Table 13 (SCGR-EG): overall ECS rises for every configuration (0.3–16.2 points).
	// GLM/ZCode V2 12.1 → 58.0 and V3 34.1 → 68.0; DeepSeek/DSH V1 −1.3, V2 −1.4, V3 +4.9;
	// the other rises are chosen (+1 to +4 points on V1–V3).
	egDelta := [][5]float64{
		{0, 0, .02, .02, .02}, {0, 0, .03, .03, .03}, {0, 0, .02, .03, .02}, {0, 0, .04, .03, .03},
		{0, 0, -.013, -.014, .049}, {0, 0, .03, .04, .03}, {0, 0, .01, .02, .02}, {0, 0, .02, .02, .03},
		{0, 0, 0, .459, .339}, {0, 0, .03, .04, .03},
	}
	// Table 14 (SCGR-Select, ECS on V0–V3): Qwen 62.1 → 73.7, Claude 62.6 → 53.5,
	// GPT 60.7 → 58.1 (V1 52.7 → 74.0, V3 64.4 → 32.6), GLM 28.6 → 25.8, taken as the
	// family harnesses; the Inspect configurations are chosen (−2 points).
	selDelta := [][5]float64{
		{0, -.091, -.091, -.091, -.091}, {0, -.02, -.02, -.02, -.02},
		{0, 0, .213, 0, -.318}, {0, -.02, -.02, -.02, -.02},
		{0, -.02, -.02, -.02, -.02}, {0, -.02, -.02, -.02, -.02},
		{0, .116, .116, .116, .116}, {0, -.02, -.02, -.02, -.02},
		{0, -.028, -.028, -.028, -.028}, {0, -.02, -.02, -.02, -.02},
	}
	for i := range t {
		t[i].eg = add(t[i].ecs, egDelta[i])
		t[i].sel = add(t[i].ecs, selDelta[i])
	}
	t[4].iv = &intervention{withheld: 23, contradicted: 8, evidencePackage: 18, requesterClaim: 6}
	t[8].iv = &intervention{withheld: 20, contradicted: 9, evidencePackage: 14, requesterClaim: 10}
	t[6].iv = &intervention{withheld: 23, contradicted: 6, evidencePackage: 13, requesterClaim: 6, withheldBlind: 1}
	return t
}()

// modeWeight is a failure mode and its share of a stratum's episodes.
type modeWeight struct {
	m mode
	w float64
}

// failureMix returns the failure modes of one configuration on one protocol, weighted as
// shares of all episodes, given the stratum's success rate e.
func failureMix(t *target, p ingest.Protocol, e float64) []modeWeight {
	f := 1 - e
	switch p {
	case ingest.Legacy:
		return []modeWeight{{mWrongDecision, 1}}
	case ingest.V0:
		// BSR = early stops; the rest of the failures act or mislabel.
		bsr := t.bsr * f / (1 - t.ecs[ingest.V0])
		other := f - bsr
		return []modeWeight{{mEarlyStop, bsr}, {mUnsafe, .6 * other}, {mWrongLabel, .4 * other}}
	case ingest.V1:
		// PAR = first attempt before completion among attempts; CAS = success among
		// attempts after completion; attempts A = e / (CAS (1 − PAR)).
		base := t.ecs[ingest.V1]
		att := base / (t.cas * (1 - t.par))
		if att > 1 {
			att = 1
		}
		wrongArg := base * (1 - t.cas) / t.cas
		wrongEnt := .01
		prem := t.par*att - wrongEnt
		inact := 1 - att
		s := f / (1 - base)
		return []modeWeight{{mPremature, prem * s}, {mWrongEntity, wrongEnt * s}, {mWrongArg, wrongArg * s}, {mInaction, inact * s}}
	}
	k := 0
	if p == ingest.V3 {
		k = 1
	}
	base := 1 - t.ecs[p]
	gap, part := t.gap[k], t.part[k]
	if gap == 0 {
		gap = .55 * base
	}
	if part == 0 {
		part = .40 * base
	}
	free := base - gap
	gl := part - .8*free
	if alt := .4 * min(gap, part); alt > gl {
		gl = alt
	}
	gl = min(gl, gap, part)
	po := part - gl
	if po > free {
		po, gl = free, part-free
	}
	g1 := gap - gl
	o := free - po
	s := f / base
	return []modeWeight{
		{mGapFirst, g1 * s}, {mGapLate, gl * s},
		{mPartial, .5 * po * s}, {mBrokenRef, .3 * po * s}, {mWrongArgLate, .2 * po * s},
		{mNoAction, .35 * o * s}, {mWrongEntity1, .25 * o * s}, {mWrongOrder, .2 * o * s}, {mExtraEvent, .2 * o * s},
	}
}
