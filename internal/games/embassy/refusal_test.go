package embassy

import (
	"regexp"
	"testing"

	"topsecret/internal/game"
)

// refusal is what a player is told when an action is refused: the ruling
// it enforces and the message that words it.
type refusal struct{ rule, id string }

// refusals are all the engine gives, each citing the spec's ruling (R…),
// a house ruling of docs/games/embassy.md (H…) or the spec's section where
// no ruling applies (§…). Players see the citation beside the message, so
// it must never be a reject code such as HOLDER_FULL.
var refusals = []refusal{
	{"§8", "embassy.refuse.not_your_turn"},
	{"§8", "embassy.refuse.wrong_phase"},
	{"R4", "embassy.refuse.start_square"},
	{"§5.1", "embassy.refuse.no_square"},
	{"R6", "embassy.refuse.no_going_back"},
	{"R7", "embassy.refuse.unreachable"},
	{"R7", "embassy.refuse.must_move"},
	{"R8", "embassy.refuse.forbidden_end"},
	{"R11", "embassy.refuse.occupied"},
	{"R13", "embassy.refuse.holder_full"},
	{"R13", "embassy.refuse.slot_taken"},
	{"R14", "embassy.refuse.embassy_taken"},
	{"R14", "embassy.refuse.own_embassy"},
	{"R15", "embassy.refuse.must_challenge"},
	{"R15", "embassy.refuse.not_eligible"},
	{"R16", "embassy.refuse.empty_slot"},
	{"R16", "embassy.refuse.unknown_secret"},
	{"R18", "embassy.refuse.empty_slot"},
	{"R20", "embassy.refuse.not_no_cards_mode"},
	{"R20", "embassy.refuse.not_eligible"},
	{"R20", "embassy.refuse.not_adjacent"},
	{"R23", "embassy.refuse.not_blocking"},
	{"H4", "embassy.refuse.referee_only"},
	{"H4", "embassy.refuse.system_only"},
	{"H4", "embassy.refuse.stale_timer"},
	{"H4", "embassy.refuse.early_timer"},
	{"H5", "embassy.refuse.stale_timer"},
	{"H5", "embassy.refuse.early_timer"},
}

// ruling is a citation players can look up: a ruling (R12), a house
// ruling (H4) or a section of the rules (§8).
var ruling = regexp.MustCompile(`^(R[1-9][0-9]*|H[1-9][0-9]*|§[0-9]+(\.[0-9]+)*)$`)

// TestRefusals_CiteTheirRuling checks that every refusal the engine gives
// in the probed games is listed above, so it cites its ruling; that each
// is worded in every language without a reject code is
// web/catalogue's TestCatalogue_EngineSaysInWords.
func TestRefusals_CiteTheirRuling(t *testing.T) {
	t.Parallel()
	seen := map[refusal]bool{}
	probed(func(m *match, seed game.Seed, steps int, clock bool) {
		look := func(int) {
			for _, a := range tries(m) {
				if re, ok := m.Check(a).(*game.RuleError); ok && re.Code != game.CodeMalformed && re.Code != game.CodeOver {
					seen[refusal{re.Rule, re.Msg.ID}] = true
				}
			}
		}
		play(m, seed, steps, clock, look)
		look(steps)
	})
	listed := map[refusal]bool{}
	for _, r := range refusals {
		listed[r] = true
	}
	for r := range seen {
		if !listed[r] {
			t.Errorf("refused with %s citing %q, which is not a listed ruling", r.id, r.rule)
		}
	}
	for _, r := range refusals {
		t.Run(r.rule+"/"+r.id, func(t *testing.T) {
			if !ruling.MatchString(r.rule) {
				t.Errorf("cites %q, not a ruling", r.rule)
			}
			if !seen[r] {
				t.Errorf("never given in the probed games")
			}
		})
	}
}
