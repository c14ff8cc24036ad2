// Package figures renders the SafeActBench paper's figures, and a few more,
// from plain input structs: failure-type proportions (stacked bars, the
// paper's Figure 5), ECS per protocol with intervals (grouped bars), paired
// differences with intervals (forest plot), a configuration × domain heat map
// and the ranks of configurations under each authorization policy (slope
// chart).
//
// The inputs do not depend on the analysis package: callers copy their
// numbers into FailureMix, ECSByProtocol, Forest, DomainHeatMap and
// PolicyRanks. Rates are proportions in [0, 1] (differences in [-1, 1]) and
// are drawn as percentages (percentage points for differences).
//
// Every figure is drawn with gonum/plot's vector-graphics layer into SVG,
// PDF or PNG by Render, or into all three by WriteAll (atomic writes). The
// layout is computed from the text it has to show: configuration names are
// never truncated, legends sit below the data, and a figure that cannot fit
// its labels at the requested width is an error rather than a clipped
// picture. Heights follow from the number of rows unless Options.Height is
// set.
//
// Output is deterministic: drawing order follows the input slices only, the
// fonts are the bundled Liberation Sans (metric-compatible with Arial, so an
// SVG viewer that substitutes the font keeps the layout), and the PDF
// creation and modification dates are pinned to 2000-01-01 UTC. Two runs give
// byte-identical SVG and PDF; PNG is identical on one CPU architecture.
//
// Colours are colour-blind safe: Okabe–Ito for protocols and lines, Paul
// Tol's "muted" scheme for failure types, and a sequential ColorBrewer
// YlGnBu ramp (with printed values) for the heat map.
package figures
