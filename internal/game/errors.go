package game

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Error codes a client can branch on. They travel in websocket error messages.
const (
	CodeIllegal     = "illegal"        // forbidden by a ruling of the spec
	CodeNotYourTurn = "not_your_turn"  // another seat is awaited
	CodeStale       = "stale"          // the action refers to something that has changed
	CodeMalformed   = "malformed"      // the action cannot be decoded
	CodeOver        = "match_over"     // nothing is accepted after the end
	CodeUnknown     = "unknown_action" // the game has no such action type
)

// RuleError says why an action was refused, as a message a player reads in
// their own language. Rule names the spec's ruling (R12, C6, …) so tests and
// errors line up.
type RuleError struct {
	Code string `json:"code"`
	Rule string `json:"rule,omitempty"`
	Msg  Msg    `json:"msg"`
}

// Error names the ruling and the message id, for logs and tests; players
// read the message worded by the web layer.
func (e *RuleError) Error() string {
	s := e.Msg.ID
	if d, ok := e.Msg.Arg("detail"); ok {
		s += " (" + d.Text + ")"
	}
	if e.Rule != "" {
		return e.Rule + ": " + s
	}
	return s
}

// Illegal is a refusal under ruling rule.
func Illegal(rule, id string, args ...Arg) *RuleError {
	return &RuleError{Code: CodeIllegal, Rule: rule, Msg: M(id, args...)}
}

// NotYourTurn refuses an action from a seat that is not awaited.
func NotYourTurn(rule, id string, args ...Arg) *RuleError {
	return &RuleError{Code: CodeNotYourTurn, Rule: rule, Msg: M(id, args...)}
}

// Stale refuses an action based on an outdated picture of the match.
func Stale(rule, id string, args ...Arg) *RuleError {
	return &RuleError{Code: CodeStale, Rule: rule, Msg: M(id, args...)}
}

// Malformed refuses an action whose data does not decode; the detail is the
// decoder's own words, shown as they are.
func Malformed(format string, args ...any) *RuleError {
	return &RuleError{Code: CodeMalformed, Msg: M("game.malformed", X("detail", fmt.Sprintf(format, args...)))}
}

// Unknown refuses an action type the game does not have.
func Unknown(typ string) *RuleError {
	return &RuleError{Code: CodeUnknown, Msg: M("game.unknown_action", X("type", typ))}
}

// Over refuses anything after the match has ended.
func Over() *RuleError {
	return &RuleError{Code: CodeOver, Msg: M("game.over")}
}

// DecodeOptions unmarshals lobby options strictly into v (which holds the
// defaults beforehand), so an unknown key is an error (an *OptionError).
func DecodeOptions(raw json.RawMessage, v any) error {
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return nil
	}
	if err := UnmarshalStrict(raw, v); err != nil {
		return unreadable(err)
	}
	return nil
}

// Validator is implemented by a game's typed lobby options that need a
// check their declaration cannot say (one setting bounding another, a
// setting the lobby does not show). Validate reports the first setting
// the game refuses as an *OptionError, so the host reads why in their own
// language.
type Validator interface{ Validate() error }

// ParseOptions decodes raw lobby options strictly over the game's defaults
// and refuses any setting its declaration decl does not allow, then any the
// options' own Validate refuses: the one way every game reads its options.
func ParseOptions[T any](raw json.RawMessage, defaults T, decl []Option) (T, error) {
	o := defaults
	if err := DecodeOptions(raw, &o); err != nil {
		var zero T
		return zero, err
	}
	if err := CheckOptions(decl, o); err != nil {
		var zero T
		return zero, err
	}
	if v, ok := any(o).(Validator); ok {
		if err := v.Validate(); err != nil {
			var zero T
			return zero, err
		}
	}
	return o, nil
}

// NormalOptions is Rules.Options for games whose options are a struct: the
// raw options validated and written back with every default filled in.
func NormalOptions[T any](raw json.RawMessage, defaults T, decl []Option) (json.RawMessage, error) {
	o, err := ParseOptions(raw, defaults, decl)
	if err != nil {
		return nil, err
	}
	return json.Marshal(o)
}
