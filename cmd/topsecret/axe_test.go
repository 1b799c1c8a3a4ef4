package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/chromedp/chromedp"
)

// axeSource is axe-core's browser bundle, installed by .ci/run from
// .ci/axe/package-lock.json, read once per test binary.
var axeSource = sync.OnceValues(func() (string, error) {
	_, here, _, _ := runtime.Caller(0)
	path := filepath.Join(filepath.Dir(here), "..", "..", ".ci", "axe", "node_modules", "axe-core", "axe.min.js")
	b, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("axe-core is not installed (run: cd .ci/axe && npm ci): %w", err)
	}
	return string(b), nil
})

// axeViolation is one rule axe-core found broken, with the elements that
// break it.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		Summary string `json:"failureSummary"`
	} `json:"nodes"`
}

// accessible runs axe-core on the page as it is now and fails the test on
// any serious or critical violation of axe's default rules (WCAG 2.1
// A/AA and best practices) and of WCAG 2.2's target size, which axe leaves
// off by default: a phone is played with thumbs. where names the
// screen in the failure, so a report says which state broke which rule.
func (p *phone) accessible(where string) {
	p.tb.Helper()
	src, err := axeSource()
	if err != nil {
		// Like chromium: required in CI, skipped on a machine without it.
		if os.Getenv("CI") != "" {
			p.tb.Fatal(err)
		}
		p.tb.Skip(err)
	}
	// Runtime.evaluate runs outside the page's CSP, so the page needs no
	// exception for the checker.
	p.run(chromedp.Evaluate[chromedp.Void](src))
	raw := get(p, chromedp.Evaluate[string](`(async () => {
		const r = await axe.run(document, {resultTypes: ["violations"], rules: {"target-size": {enabled: true}}});
		return JSON.stringify(r.violations);
	})()`, chromedp.EvalAwaitPromise))
	var found []axeViolation
	if err := json.Unmarshal([]byte(raw), &found); err != nil {
		p.tb.Fatalf("%s: axe answer: %v", where, err)
	}
	var report []string
	for _, v := range found {
		if v.Impact != "serious" && v.Impact != "critical" {
			continue
		}
		for i, n := range v.Nodes {
			if i == 3 {
				report = append(report, fmt.Sprintf("  … and %d more", len(v.Nodes)-3))
				break
			}
			report = append(report, fmt.Sprintf("  %s (%s) %v: %s", v.ID, v.Impact, n.Target,
				strings.ReplaceAll(n.Summary, "\n", " ")))
		}
	}
	if len(report) > 0 {
		p.tb.Errorf("%s on %s: %d accessibility failures:\n%s", p.name, where, len(report), strings.Join(report, "\n"))
	}
}
