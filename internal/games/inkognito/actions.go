package inkognito

import (
	"topsecret/internal/game"
)

// Action types a player's phone sends (see docs/games/inkognito.md).
const (
	// ActCommit is the 5p Ambassador's sealed location card (AMB_COMMIT, R21).
	ActCommit = "commit"
	// ActPlay plays a location card on one's turn (PLAY_LOCATION, §5.2).
	ActPlay = "play"
	// ActShowPair shows two coloured cards, exactly one true (SHOW_PAIR, R1–R3, R23).
	ActShowPair = "show_pair"
	// ActShowBlack shows one own black card instead of a pair (SHOW_BLACK, R8).
	ActShowBlack = "show_black"
	// ActDial takes the telephone and dials a complete number (DIAL, R10–R13, R20, R25).
	ActDial = "dial"
	// ActPass shows nothing because no legal pair is left (PASS, R3).
	ActPass = "pass"
	// ActPeek looks at one of the fictitious agent's black cards (PEEK, R18).
	ActPeek = "peek"
	// ActRequest asks another agent, via the Ambassador, for a black card (REQUEST, R7, R19, R22).
	ActRequest = "request"
	// ActSkip asks nobody at an Ambassador meeting, or does not peek (SKIP).
	ActSkip = "skip"
	// ActContinue is the 5p Ambassador's "nothing more" in a meeting (CONTINUE).
	ActContinue = "continue"
	// ActChooseBlack answers a request with a black card (CHOOSE_BLACK, §5.5).
	ActChooseBlack = "choose_black"
)

// SiteData is the data of ActCommit and ActPlay.
type SiteData struct {
	Site string `json:"site"` // RIALTO, SAN_MARCO, CA_DORO, ACCADEMIA, ARSENALE
}

// PairData is ActShowPair's data: two coloured faces, e.g. ["B","0"].
type PairData struct {
	Cards []string `json:"cards"`
}

// KindData is the data of ActShowBlack, ActPeek and ActChooseBlack.
type KindData struct {
	Kind string `json:"kind"` // IDENTITY or NUMBER
}

// DialData is ActDial's data: the fragment of each agent, e.g.
// {"f":"52","b":"11","z":"29","x":"0"} dials 5211290 (R9, R10).
type DialData struct {
	F string `json:"f"`
	B string `json:"b"`
	Z string `json:"z"`
	X string `json:"x"`
}

// RequestData is ActRequest's data: the target's seat (3p: 3 is the
// fictitious agent, whose card kind the requester names, R19).
type RequestData struct {
	Target *int   `json:"target"`
	Kind   string `json:"kind,omitempty"`
}

// command is one decoded action. Faces and maps that break a ruling are
// kept (with ok = false) so the rules can refuse them by name.
type command struct {
	typ     string
	site    Site
	pair    [2]Face
	pairOK  bool
	kind    Kind
	hasKind bool
	target  int
	dial    [4]Fragment
	dialOK  bool
	step    int // a timeout's waiting point
}

// decode turns an action into a command, or refuses it as unknown or malformed.
func decode(a game.Action) (command, error) {
	c := command{typ: a.Type}
	switch a.Type {
	case ActCommit, ActPlay:
		var d SiteData
		if err := a.Decode(&d); err != nil {
			return c, err
		}
		s, ok := parseSite(d.Site)
		if !ok {
			return c, malformed("inkognito.refuse.no_site", game.X("site", d.Site))
		}
		c.site = s
	case ActShowPair:
		var d PairData
		if err := a.Decode(&d); err != nil {
			return c, err
		}
		c.pair, c.pairOK = parsePair(d.Cards)
	case ActShowBlack, ActPeek, ActChooseBlack:
		var d KindData
		if err := a.Decode(&d); err != nil {
			return c, err
		}
		k, ok := parseKind(d.Kind)
		if !ok {
			return c, malformed("inkognito.refuse.no_kind", game.X("kind", d.Kind))
		}
		c.kind, c.hasKind = k, true
	case ActDial:
		var d DialData
		if err := a.Decode(&d); err != nil {
			return c, err
		}
		c.dial, c.dialOK = parseDial(d)
	case ActRequest:
		return decodeRequest(a)
	case ActTimeout:
		var d TimeoutData
		if err := a.Decode(&d); err != nil {
			return c, err
		}
		c.step = d.Step
	case ActPass, ActSkip, ActContinue:
		if err := a.Decode(&struct{}{}); err != nil {
			return c, err
		}
	default:
		return c, game.Unknown(a.Type)
	}
	return c, nil
}

func decodeRequest(a game.Action) (command, error) {
	c := command{typ: a.Type}
	var d RequestData
	if err := a.Decode(&d); err != nil {
		return c, err
	}
	if d.Target == nil {
		return c, malformed("inkognito.refuse.no_target")
	}
	c.target = *d.Target
	if d.Kind != "" {
		k, ok := parseKind(d.Kind)
		if !ok {
			return c, malformed("inkognito.refuse.no_kind", game.X("kind", d.Kind))
		}
		c.kind, c.hasKind = k, true
	}
	return c, nil
}

// parsePair reads two different coloured faces (R2).
func parsePair(cards []string) ([2]Face, bool) {
	var p [2]Face
	if len(cards) != 2 {
		return p, false
	}
	for i, s := range cards {
		f, ok := parseFace(s)
		if !ok {
			return p, false
		}
		p[i] = f
	}
	return p, p[0] != p[1]
}

// parseDial reads a dial map; ok only for a permutation of the fragments (R10).
func parseDial(d DialData) ([4]Fragment, bool) {
	var out [4]Fragment
	seen := 0
	for i, s := range []string{d.F, d.B, d.Z, d.X} {
		f, ok := parseFragment(s)
		if !ok || seen&(1<<f) != 0 {
			return out, false
		}
		seen |= 1 << f
		out[i] = f
	}
	return out, true
}
