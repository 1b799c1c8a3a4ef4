package inkognito

import "strings"

// Site is one of the five Venetian sites, in the fixed order of §2.
type Site int

// The five sites (§2); the order is the order of meeting detection (§5.3).
const (
	// Rialto is the RIALTO site.
	Rialto Site = iota
	// SanMarco is the SAN_MARCO site.
	SanMarco
	// CaDoro is the CA_DORO site (display name ours, §2).
	CaDoro
	// Accademia is the ACCADEMIA site (display name ours, §2).
	Accademia
	// Arsenale is the ARSENALE site (display name ours, §2).
	Arsenale
	// noSite marks "no card" (nothing played yet, nothing committed).
	noSite Site = -1
)

// numSites is the number of sites and of location cards per set.
const numSites = 5

// fullHand is a location hand holding all five cards (bit i = site i).
const fullHand uint8 = 1<<numSites - 1

var siteIDs = [numSites]string{"RIALTO", "SAN_MARCO", "CA_DORO", "ACCADEMIA", "ARSENALE"}

// String is the site's engine ID, e.g. "SAN_MARCO".
func (s Site) String() string {
	if s < 0 || s >= numSites {
		return ""
	}
	return siteIDs[s]
}

// Term is the catalogue id of the site's display name, e.g.
// "inkognito.site.san_marco" (the names of §2, some of them ours).
func (s Site) Term() string { return SiteTerm(s.String()) }

// SiteTerm is the catalogue id of a site's display name given its engine
// ID ("SAN_MARCO" → "inkognito.site.san_marco").
func SiteTerm(id string) string { return "inkognito.site." + strings.ToLower(id) }

func parseSite(id string) (Site, bool) {
	for i, s := range siteIDs {
		if s == id {
			return Site(i), true
		}
	}
	return noSite, false
}

// sitesOf lists the sites of a hand bitmask in fixed order.
func sitesOf(hand uint8) []Site {
	var out []Site
	for s := Rialto; s <= Arsenale; s++ {
		if hand&(1<<s) != 0 {
			out = append(out, s)
		}
	}
	return out
}

// Identity is one of the four agents, in dial order F, B, Z, X (§3, R9).
type Identity int

// The four agents; F and B are allies, Z and X are allies (§3).
const (
	// Fiddlebottom is Lord Fiddlebottom (F), first in the number.
	Fiddlebottom Identity = iota
	// Bubble is Col. Bubble (B), second in the number.
	Bubble
	// ZsaZsa is Mme Zsa Zsa (Z), third in the number.
	ZsaZsa
	// AgentX is Agent X (X), fourth in the number.
	AgentX
)

var identityCodes = [4]string{"F", "B", "Z", "X"}

// String is the agent's code, "F", "B", "Z" or "X".
func (i Identity) String() string { return identityCodes[i] }

// Term is the catalogue id of the agent's full name, e.g.
// "inkognito.identity.b" (Col. Bubble).
func (i Identity) Term() string { return IdentityTerm(i.String()) }

// IdentityTerm is the catalogue id of an agent's full name given its code
// ("B" → "inkognito.identity.b").
func IdentityTerm(code string) string { return "inkognito.identity." + strings.ToLower(code) }

// Ally is the agent's partner: F↔B, Z↔X (§3).
func (i Identity) Ally() Identity { return i ^ 1 }

// Fragment is one of the four phone-number fragments.
type Fragment int

var fragmentCodes = [4]string{"52", "11", "0", "29"}

// String is the fragment as dialled: "52", "11", "0" or "29".
func (f Fragment) String() string { return fragmentCodes[f] }

func parseFragment(s string) (Fragment, bool) {
	for i, c := range fragmentCodes {
		if c == s {
			return Fragment(i), true
		}
	}
	return 0, false
}

// Face is one of the eight coloured card faces every agent player holds:
// 0–3 the identities F, B, Z, X, 4–7 the fragments 52, 11, 0, 29 (§2).
type Face int

// numFaces is the number of coloured identity and number faces.
const numFaces = 8

// String is the face as printed: "F"…"X" or "52"…"29".
func (f Face) String() string {
	if f < 4 {
		return identityCodes[f]
	}
	return fragmentCodes[f-4]
}

// Term is the catalogue id of the face as printed, e.g. "inkognito.face.b"
// or "inkognito.face.52".
func (f Face) Term() string { return FaceTerm(f.String()) }

// FaceTerm is the catalogue id of a face given its code ("B" →
// "inkognito.face.b", "52" → "inkognito.face.52").
func FaceTerm(code string) string { return "inkognito.face." + strings.ToLower(code) }

func parseFace(s string) (Face, bool) {
	for i := range numFaces {
		if Face(i).String() == s {
			return Face(i), true
		}
	}
	return 0, false
}

// Kind names one of an agent's two black cards.
type Kind int

// Kinds of black card (§5.5).
const (
	// KindIdentity is the black identity card.
	KindIdentity Kind = iota
	// KindNumber is the black number card.
	KindNumber
)

var kindCodes = [2]string{"IDENTITY", "NUMBER"}

// String is "IDENTITY" or "NUMBER".
func (k Kind) String() string { return kindCodes[k] }

// Term is the catalogue id of the kind in running text ("identity",
// "number"), e.g. "inkognito.kind.identity".
func (k Kind) Term() string { return KindTerm(k.String()) }

// KindTerm is the catalogue id of a black-card kind given its code
// ("IDENTITY" → "inkognito.kind.identity").
func KindTerm(code string) string { return "inkognito.kind." + strings.ToLower(code) }

func parseKind(s string) (Kind, bool) {
	switch strings.ToUpper(s) {
	case "IDENTITY":
		return KindIdentity, true
	case "NUMBER":
		return KindNumber, true
	}
	return 0, false
}

// Black is an agent's two black cards: its true identity and fragment.
type Black struct {
	ID   Identity
	Frag Fragment
}

// face is the coloured face matching black card k.
func (b Black) face(k Kind) Face {
	if k == KindIdentity {
		return Face(b.ID)
	}
	return Face(4 + b.Frag)
}

// True reports whether coloured face f is true for its shower (R1).
func (b Black) True(f Face) bool { return f == b.face(KindIdentity) || f == b.face(KindNumber) }

// pairBit is the ledger bit of the unordered pair {a, b} (R3).
func pairBit(a, b Face) uint64 {
	if a > b {
		a, b = b, a
	}
	return 1 << (uint(a)*numFaces + uint(b))
}

// legalPairs lists the 12 pairs with exactly one true card for b (R2), true
// card first, in a fixed order.
func (b Black) legalPairs() [][2]Face {
	out := make([][2]Face, 0, 12)
	for _, k := range []Kind{KindIdentity, KindNumber} {
		t := b.face(k)
		for f := Face(0); f < numFaces; f++ {
			if !b.True(f) {
				out = append(out, [2]Face{t, f})
			}
		}
	}
	return out
}

// Number is the phone number of a deal: the fragments of F, B, Z and X
// concatenated (R9). frag[i] is the fragment of identity i.
func Number(frag [4]Fragment) string {
	var b strings.Builder
	for _, f := range frag {
		b.WriteString(f.String())
	}
	return b.String()
}

// perms are the 24 permutations of 0..3 in lexical order.
var perms = func() [24][4]int {
	var out [24][4]int
	k := 0
	for a := range 4 {
		for b := range 4 {
			for c := range 4 {
				for d := range 4 {
					if a != b && a != c && a != d && b != c && b != d && c != d {
						out[k] = [4]int{a, b, c, d}
						k++
					}
				}
			}
		}
	}
	return out
}()

// AllNumbers lists the 24 possible numbers, one per map F,B,Z,X → fragment.
func AllNumbers() []string {
	out := make([]string, 0, 24)
	for _, p := range perms {
		out = append(out, Number([4]Fragment{Fragment(p[0]), Fragment(p[1]), Fragment(p[2]), Fragment(p[3])}))
	}
	return out
}
