package view

import (
	"bytes"
	"cmp"
	_ "embed"
	"fmt"
	"html"
	"io"
	"regexp"
	"strings"

	"github.com/sabench/sabench-stats/figures"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
	"github.com/sabench/sabench-stats/results/render"
)

//go:embed assets/view.css
var css string

//go:embed assets/view.js
var js string

// page writes index.html to w: the shell, the server-rendered tables and figures, the
// index and the script. The index's runs and ints are copied from the encoder's spool.
func page(w io.Writer, in *Input, e *encoder, chunkOf []int, chunkDir string) error {
	b := &bytes.Buffer{}
	head := indexHead{Title: in.Title, Policies: in.Policies, Binding: in.Binding, Configs: e.configs.list, Conditions: e.conditions.list,
		Protocols: e.protocols, Domains: e.domains, Failures: e.failures.list, Outcomes: e.outcomes.list}
	for _, p := range in.Policies {
		head.PolicyLabels = append(head.PolicyLabels, oracle.PolicyLabel(p))
	}
	if in.ActionRules {
		head.Measure = "authorized success"
	}
	for _, f := range e.failures.list {
		head.Why = append(head.Why, oracle.FailureWhy(f))
	}
	head.EpisodeWhy = e.whys.list
	head.Palette = map[string]string{} // encoding/json writes a map's keys sorted
	for _, f := range append([]string{figures.Success}, figures.FailureTypes...) {
		head.Palette[f], _ = figures.FailureColor(f)
	}
	for i, a := range e.cases {
		head.Cases = append(head.Cases, [4]any{a.c.ID, indexOf(e.protocols, a.c.Protocol), indexOf(e.domains, a.c.Domain), chunkOf[i]})
	}
	title := html.EscapeString(in.Title)
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	// No network: nothing may be fetched except the chunk scripts beside the page.
	b.WriteString("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'unsafe-inline' file: 'self'; style-src 'unsafe-inline'; img-src data:\">\n")
	fmt.Fprintf(b, "<title>%s</title>\n<style>\n%s</style>\n</head>\n<body>\n", title, css)
	fmt.Fprintf(b, "<header>\n<h1>%s</h1>\n", title)
	for _, n := range in.Notes {
		fmt.Fprintf(b, "<p>%s</p>\n", html.EscapeString(n))
	}
	fmt.Fprintf(b, "<p>%s, policies %s. Keys: <kbd>g</kbd> then <kbd>l</kbd>/<kbd>t</kbd>/<kbd>s</kbd>/<kbd>d</kbd> switch views; <kbd>j</kbd>/<kbd>k</kbd> move through an episode's events; <kbd>n</kbd>/<kbd>p</kbd> open the next and previous failure of the queue an episode was opened from.</p>\n",
		html.EscapeString(e.counts().Summary()), html.EscapeString(strings.Join(shownNames(in.Policies), ", ")))
	b.WriteString("<nav aria-label=\"Views\">")
	for _, v := range [][2]string{{"leaderboard", "Leaderboard"}, {"tables", "Tables and figures"}, {"slice", "Slices"}, {"disagreements", "Disagreements"}, {"glossary", "Glossary"}, {"help", "About"}} {
		fmt.Fprintf(b, "<a href=\"#%s\" data-view=\"%s\">%s</a>", v[0], v[0], v[1])
	}
	b.WriteString("</nav>\n</header>\n<main>\n")

	lk := newLinker(e)
	b.WriteString("<section id=\"v-leaderboard\" tabindex=\"-1\" aria-label=\"Leaderboard\">\n<h2>Leaderboard</h2>\n")
	b.WriteString("<div class=\"toolbar\" role=\"group\" aria-label=\"Policy\">Policy: ")
	for _, p := range in.Policies {
		fmt.Fprintf(b, "<button type=\"button\" data-policy=\"%s\" aria-pressed=\"false\">%s</button>", html.EscapeString(p), html.EscapeString(ingest.NameText(oracle.PolicyLabel(p))))
	}
	b.WriteString("</div>\n<p class=\"note\">A number that links opens the episodes behind it (the slice reproduces it).</p>\n")
	for pi, p := range in.Policies {
		fmt.Fprintf(b, "<div class=\"lb\" data-policy=\"%s\"%s>\n", html.EscapeString(p), hiddenUnless(pi == 0))
		if pi < len(in.Leaderboards) && len(in.Leaderboards[pi]) > 0 {
			for ti, t := range in.Leaderboards[pi] {
				writeTable(b, t, lk, pi, fmt.Sprintf("lb-%d-%d", pi, ti))
			}
		} else {
			b.WriteString("<p>No leaderboard was computed under this policy.</p>\n")
		}
		b.WriteString("</div>\n")
	}
	b.WriteString("</section>\n")

	b.WriteString("<section id=\"v-tables\" tabindex=\"-1\" aria-label=\"Tables and figures\" hidden>\n")
	writeContents(b, in)
	b.WriteString("<h2 id=\"tables-h\">Tables</h2>\n")
	if len(in.Tables) == 0 {
		b.WriteString("<p>No tables were given to the viewer.</p>\n")
	}
	for i, t := range in.Tables {
		writeTable(b, t, lk, 0, "t-"+fmt.Sprint(i))
	}
	b.WriteString("<h2 id=\"figures-h\">Figures</h2>\n")
	if len(in.Figures) == 0 && len(in.FiguresSkipped) == 0 {
		b.WriteString("<p>No figures were given to the viewer.</p>\n")
	}
	if len(in.FiguresSkipped) > 0 {
		b.WriteString("<div id=\"figures-skipped\"><p>Not drawn:</p>\n<ul>\n")
		for _, s := range in.FiguresSkipped {
			fmt.Fprintf(b, "<li>%s</li>\n", html.EscapeString(s))
		}
		b.WriteString("</ul>\n</div>\n")
	}
	for _, f := range in.Figures {
		title, link, what := figureCaption(f.Name, in.SharedHarness, in.HarnessScope, in.ActionRules)
		// The figure's caveats, as the report's index states them.
		note := ""
		if f.Note != "" {
			note = "<br>Note: " + html.EscapeString(f.Note) + "."
		}
		fmt.Fprintf(b, "<figure id=\"fig-%s\">\n%s\n<figcaption><strong>%s</strong> (<code>%s</code>). <a href=\"%s\">%s</a>%s</figcaption>\n</figure>\n",
			html.EscapeString(f.Name), inlineSVG(f.SVG), html.EscapeString(title), html.EscapeString(f.Name), html.EscapeString(link), html.EscapeString(what), note)
	}
	b.WriteString("</section>\n")
	b.WriteString("<section id=\"v-slice\" tabindex=\"-1\" aria-label=\"Slices\" hidden>\n<h2>Slices</h2>\n<div id=\"slice-body\"></div>\n</section>\n")
	b.WriteString("<section id=\"v-episode\" tabindex=\"-1\" aria-label=\"Episode\" hidden>\n<div id=\"ep-body\"></div>\n</section>\n")
	b.WriteString("<section id=\"v-ab\" tabindex=\"-1\" aria-label=\"A/B comparison\" hidden>\n<div id=\"ab-body\"></div>\n</section>\n")
	b.WriteString("<section id=\"v-disagreements\" tabindex=\"-1\" aria-label=\"Disagreements\" hidden>\n<h2>Official vs oracle disagreements</h2>\n<div id=\"dis-body\"></div>\n</section>\n")
	writeGlossary(b, in.ActionRules)
	b.WriteString("<section id=\"v-help\" tabindex=\"-1\" aria-label=\"About\" hidden>\n<h2>About this viewer</h2>\n")
	b.WriteString("<p>Everything is in this page and the chunk files beside it; it makes no network request. Deep links: <code>#run=RUN_ID</code> opens an episode; <code>#case=CASE&amp;a=RUN_OR_CONFIG&amp;b=RUN_OR_CONFIG</code> compares two runs of a case event by event (a configuration may carry <code>~condition</code>; <code>ra</code>/<code>rb</code> pick repeats, <code>pa</code>/<code>pb</code> policies); <code>#slice?cfg=…&amp;proto=…</code> opens a slice.</p>\n")
	if in.ActionRules {
		// The paragraph below speaks of case evidence, frozen deltas and V0–V3: none is an
		// action-rules case's.
		b.WriteString("<p>Requirements: the oracle says which requirements a gate found SUPPORTED or MISSING (action rules give none VIOLATED). A missing entity read names the entity, and the write's argument naming it, that no read before the write established; a missing confirmation says what it needed (an agent message listing the write's details answered by an explicit yes, or any affirmative user turn after the request) and links the last user turn before the write. A fact in the timeline names the entity a read established.</p>\n</section>\n")
	} else {
		b.WriteString("<p>Requirement links: the oracle says which requirements a gate found SUPPORTED, MISSING or VIOLATED. The read shown as having established a supported requirement is the one that met the last of its conditions (the reads that met the others named with it), and the call shown as the one that would establish a missing one is a read of the case's evidence whose facts fit the requirement's conditions (equal literal fields; under the main policy's entity binding a field bound to an action argument must be the action's own value, else it need only be present); a fact in the timeline says which requirements' conditions it meets and whether the next gate still found the requirement missing: its evidence rules, or its frozen deltas where the oracle reads those (V3, a frozen V2, a V0 DAG preflight), a stateful read with the step it must follow.</p>\n</section>\n")
	}
	b.WriteString("</main>\n<script type=\"application/json\" id=\"sab-index\">")
	if _, err := w.Write(b.Bytes()); err != nil {
		return err
	}
	if err := writeIndex(w, head, e, chunkDir); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "</script>\n<script>\n%s</script>\n</body>\n</html>\n", js)
	return err
}

// shownNames are names as the tables show them (ingest.NameText): a policy named
// "strict\tone" read "strict one" in the page's header.
func shownNames(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = ingest.NameText(n)
	}
	return out
}

func hiddenUnless(ok bool) string {
	if ok {
		return ""
	}
	return " hidden"
}

var svgProlog = regexp.MustCompile(`(?s)^\s*(<\?xml[^>]*\?>\s*)?(<!--.*?-->\s*)?`)

// inlineSVG drops the XML prolog, which is not allowed inside HTML.
func inlineSVG(b []byte) string { return svgProlog.ReplaceAllString(string(b), "") }

// writeTable renders one table; numeric cells that the episodes reproduce link to their
// slice under policy pi. The caption, headers and notes show a control character as the
// cells and the text tables do (ingest.OneLine): a NUL in a configuration's name reached
// the page as a NUL byte, which an HTML parser drops, so the notes named another name.
func writeTable(b *bytes.Buffer, t *results.Table, lk *linker, pi int, id string) {
	fmt.Fprintf(b, "<div class=\"tablewrap\"><table class=\"t\" id=\"%s\" data-table=\"%s\">\n<caption>%s: %s</caption>\n<thead><tr>",
		id, html.EscapeString(t.ID), html.EscapeString(ingest.OneLine(t.ID)), html.EscapeString(ingest.OneLine(t.Title)))
	for _, c := range t.Columns {
		// A rate's column is marked, so that the heat maps shade rates only (a count of
		// episodes read as a rate was shaded darkest).
		cls := ""
		if c.Kind == results.KindPercent || c.Kind == results.KindPercentInterval {
			cls = " class=\"pct\""
		}
		fmt.Fprintf(b, "<th scope=\"col\"%s>%s</th>", cls, html.EscapeString(ingest.OneLine(c.Header)))
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	doms := lk.domainCols(t)
	for ri, r := range t.Rows {
		cls := ""
		if ri > 0 && r.Group != t.Rows[ri-1].Group {
			cls = " class=\"grp\""
		}
		fmt.Fprintf(b, "<tr%s>", cls)
		rf := lk.rowFilter(t, r)
		for ci, c := range t.Columns {
			shown := render.Shown(t, ri, ci)
			if c.Kind == results.KindText {
				fmt.Fprintf(b, "<td>%s</td>", html.EscapeString(shown))
				continue
			}
			if q := lk.cellSlice(rf, c, doms[ci], shown, pi); q != nil {
				fmt.Fprintf(b, "<td class=\"num\"><a href=\"#slice?%s\">%s</a></td>", html.EscapeString(q.Encode()), html.EscapeString(shown))
				continue
			}
			fmt.Fprintf(b, "<td class=\"num\">%s</td>", html.EscapeString(shown))
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody></table></div>\n")
	for _, n := range t.Notes {
		fmt.Fprintf(b, "<p class=\"note\">%s</p>\n", html.EscapeString(ingest.OneLine(n)))
	}
	if len(t.Rows) == 0 {
		b.WriteString("<p class=\"note\">This table has no rows for this input.</p>\n")
	}
}

// writeGlossary writes the glossary view: every failure type with the oracle's sentence
// for it (the one the episode page shows), then the verdicts, gates, requirement statuses
// and workflow step states; on a page of action-rules cases, the terms their verdicts can
// have, with what they mean there. Each term has the anchor gl-NAME.
func writeGlossary(b *bytes.Buffer, actionRules bool) {
	failures, outcomes := oracle.FailureGlossary(), oracle.OutcomeGlossary()
	outcomesTitle := "Verdicts, gates, requirements and workflow steps"
	kinds := oracle.EpisodeWhyKinds
	if actionRules {
		failures, outcomes = oracle.ActionRulesGlossary()
		outcomesTitle = "Verdicts, gates and requirements"
		kinds = oracle.ActionRulesEpisodeWhyKinds
	}
	b.WriteString("<section id=\"v-glossary\" tabindex=\"-1\" aria-label=\"Glossary\" hidden>\n<h2>Glossary</h2>\n")
	fmt.Fprintf(b, "<p class=\"note\">The oracle's words, as the tables, figures and episode pages use them. An episode page says why a failed episode failed as explain does: with its own sentence where its break says more than its failure type (%s), else with the sentence of its failure type below.</p>\n", html.EscapeString(kinds))
	for _, part := range []struct {
		title string
		terms []oracle.Term
	}{{"Failure types", failures}, {outcomesTitle, outcomes}} {
		fmt.Fprintf(b, "<h3>%s</h3>\n<dl class=\"glossary\">\n", part.title)
		for _, t := range part.terms {
			id := "gl-" + strings.ReplaceAll(t.Name, " ", "_")
			fmt.Fprintf(b, "<dt id=\"%s\" tabindex=\"-1\"><code>%s</code></dt><dd>%s</dd>\n", html.EscapeString(id), html.EscapeString(t.Name), html.EscapeString(t.Meaning))
		}
		b.WriteString("</dl>\n")
	}
	b.WriteString("</section>\n")
}

// figureCaption is a figure's caption in words and the view that holds the episodes it
// plots (a figure is a picture; its numbers link from the tables beside it); shared is the
// harness the harness_differences figure subtracts ("" when not known), scope the
// protocols it plots ("" when not known).
func figureCaption(name, shared, scope string, rules bool) (title, link, what string) {
	// The rate the figures draw, as the tables name it: authorized success on a bench of
	// action rules.
	measure := "ECS"
	if rules {
		measure = "Authorized success"
	}
	switch name {
	case "failure_types":
		return "Failure types per protocol and configuration", "#slice?fail=failed", "Open the failures queue it plots."
	case "ecs_by_protocol":
		return measure + " per protocol and configuration, with confidence intervals", "#slice?cond=main&status=scored", "Open the scored episodes it plots."
	case "harness_differences":
		// The slice takes one protocol, and the figure plots the V0–V3 cases both
		// configurations of a model ran: the link opens more than it plots, and says so.
		return "Each model's harness minus " + cmp.Or(shared, "the shared harness") + ": paired ECS differences", "#slice?cond=main&status=scored", "Open the scored episodes (of every protocol; it plots the " + cmp.Or(scope, "V0–V3") + " cases both configurations of a model ran)."
	case "domain_heatmap":
		return measure + " per configuration and domain", "#slice?cond=main&status=scored", "Open the scored episodes it plots (the T8 table links each cell)."
	case "policy_ranks":
		return "Each configuration's rank under each policy", "#leaderboard", "Open the leaderboard under each policy."
	}
	return strings.ReplaceAll(name, "_", " "), "#slice", "Open the slices."
}

// writeContents writes the tables page's table of contents: every table and figure.
func writeContents(b *bytes.Buffer, in *Input) {
	b.WriteString("<nav class=\"toc\" aria-label=\"Contents of this page\"><h2>Contents</h2>\n<ol>\n")
	if len(in.Tables) > 0 {
		b.WriteString("<li><a href=\"#tables\" data-to=\"tables-h\">Tables</a><ol>\n")
		for i, t := range in.Tables {
			fmt.Fprintf(b, "<li><a href=\"#tables\" data-to=\"t-%d\">%s: %s</a></li>\n", i, html.EscapeString(t.ID), html.EscapeString(t.Title))
		}
		b.WriteString("</ol></li>\n")
	}
	if len(in.Figures) > 0 {
		b.WriteString("<li><a href=\"#tables\" data-to=\"figures-h\">Figures</a><ol>\n")
		for _, f := range in.Figures {
			title, _, _ := figureCaption(f.Name, in.SharedHarness, in.HarnessScope, in.ActionRules)
			fmt.Fprintf(b, "<li><a href=\"#tables\" data-to=\"fig-%s\">%s</a></li>\n", html.EscapeString(f.Name), html.EscapeString(title))
		}
		b.WriteString("</ol></li>\n")
	}
	b.WriteString("</ol>\n</nav>\n")
}
