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

// Error codes of §5.7. They are the Rule of every refusal, so tests and
// errors line up with the spec's scenarios; messages cite the ruling.
const (
	// ErrNotYourTurn: a play or commit out of turn.
	ErrNotYourTurn = "ERR_NOT_YOUR_TURN"
	// ErrNotAParticipant: a meeting action from a seat with no pending step.
	ErrNotAParticipant = "ERR_NOT_A_PARTICIPANT"
	// ErrCardNotInHand: the location card was already played this cycle.
	ErrCardNotInHand = "ERR_CARD_NOT_IN_HAND"
	// ErrPairInvalid: not two different coloured faces (R2).
	ErrPairInvalid = "ERR_PAIR_INVALID"
	// ErrPairNotExactlyOneTrue: zero or two true cards (R1).
	ErrPairNotExactlyOneTrue = "ERR_PAIR_NOT_EXACTLY_ONE_TRUE"
	// ErrPairRepeated: this pair was already shown to this recipient this game (R3).
	ErrPairRepeated = "ERR_PAIR_REPEATED"
	// ErrPassNotAllowed: a legal, unrepeated pair is left (R3, R4).
	ErrPassNotAllowed = "ERR_PASS_NOT_ALLOWED"
	// ErrBlackAlreadyShown: that black card was already shown to (seen by) that agent (R7, R8, R18).
	ErrBlackAlreadyShown = "ERR_BLACK_ALREADY_SHOWN"
	// ErrTargetIneligible: not another agent with a black card left to show (R7).
	ErrTargetIneligible = "ERR_TARGET_INELIGIBLE"
	// ErrDialNotAllowedHere: no call from this meeting and role (R11, R20, R25).
	ErrDialNotAllowedHere = "ERR_DIAL_NOT_ALLOWED_HERE"
	// ErrDialMalformed: the map is not a permutation of the fragments (R10).
	ErrDialMalformed = "ERR_DIAL_MALFORMED"
	// ErrAlreadySubmitted: one sealed submission per participant (R4).
	ErrAlreadySubmitted = "ERR_ALREADY_SUBMITTED"
	// ErrWrongMeeting (house ruling H9): the action does not exist in this
	// meeting for this role (§5.4), e.g. a request in an exchange.
	ErrWrongMeeting = "ERR_WRONG_MEETING"
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
