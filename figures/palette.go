package figures

import (
	"fmt"
	"image/color"

	"github.com/sabench/sabench-stats/oracle"
)

// FailureTypes are the oracle's failure types in their display order, then
// infra_failure (a failure only under --infra-failures fail): the default
// stacking order of FailureMix, left to right. There is no other list.
var FailureTypes = append(append([]string(nil), oracle.FailureTypes...), oracle.FailInfra)

// failureColors gives each failure type one colour, the same in every
// figure and in the viewer (FailureColor). The types that can end an
// episode of one protocol (V1–V3: premature, wrong action, inaction,
// partial, broken dependency, extra event; V0: unsafe attempt, early stop,
// wrong stop label; Legacy: wrong decision; any: contract, infra) share a
// bar, so within each such group the colours stay apart under normal
// vision and simulated deuteranopia, protanopia and tritanopia
// (TestFailureColorsColourBlindSafe). V1–V3 use the Okabe–Ito set, the
// others Paul Tol's indigo, sand and olive; white segments separate
// neighbours.
var failureColors = map[string]color.RGBA{
	oracle.FailPremature:     hex(0xD55E00), // vermillion
	oracle.FailWrongAction:   hex(0xCC79A7), // reddish purple
	oracle.FailInaction:      hex(0xF0E442), // yellow
	oracle.FailPartial:       hex(0xE69F00), // orange
	oracle.FailBrokenDep:     hex(0x0072B2), // blue
	oracle.FailExtraEvent:    hex(0x56B4E9), // sky blue
	oracle.FailUnsafe:        hex(0x009E73), // bluish green
	oracle.FailEarlyStop:     hex(0x332288), // Tol indigo
	oracle.FailWrongLabel:    hex(0xDDCC77), // Tol sand
	oracle.FailWrongDecision: hex(0x999933), // Tol olive
	oracle.FailContract:      hex(0xBBBBBB), // light grey
	oracle.FailInfra:         hex(0x555555), // dark grey
	Success:                  hex(0xFFFFFF),
}

// FailureColor is the colour of a failure type (or Success) as #RRGGBB;
// ok is false for a name not in FailureTypes.
func FailureColor(name string) (hexColor string, ok bool) {
	c, ok := failureColors[name]
	if !ok {
		return "", false
	}
	return fmt.Sprintf("#%02X%02X%02X", c.R, c.G, c.B), true
}
