package wink

import "fmt"

// Colour is an agent colour. Seat i always plays colour i, so the owner of
// an agent card of colour c is seat c.
type Colour int

// noColour marks an empty agent-card slot.
const noColour Colour = -1

// colourNames are the 8 agent colours; seats 0–3 match the spec's fixture F.
var colourNames = [8]string{"green", "blue", "purple", "red", "yellow", "orange", "white", "black"}

// String names the colour for views and event lines.
func (c Colour) String() string {
	if c < 0 || int(c) >= len(colourNames) {
		return "none"
	}
	return colourNames[c]
}

// Location is one of the 4 meeting places (R2: 8 cards each).
type Location int

// The four meeting places, in the order the UI lists them.
const (
	// Cafe is the street café (CAF).
	Cafe Location = iota
	// Metro is the metro station (MET).
	Metro
	// Kiosk is the kiosk (KIO).
	Kiosk
	// Fountain is the fountain (FOU), the only place the original names.
	Fountain
)

// noLocation marks an empty location-card slot.
const noLocation Location = -1

// locationsPerPlace is how many location cards show each place (R2).
const locationsPerPlace = 8

// agentsPerColour is how many agent cards show each colour (§2).
const agentsPerColour = 7

// startChips is every player's observation chips at the start (§2).
const startChips = 3

var locationCodes = [4]string{"CAF", "MET", "KIO", "FOU"}
var locationNames = [4]string{"Street café", "Metro station", "Kiosk", "Fountain"}

// Code is the location's three-letter code used in actions and views.
func (l Location) Code() string {
	if l < 0 || int(l) >= len(locationCodes) {
		return ""
	}
	return locationCodes[l]
}

// Name is the location's display name.
func (l Location) Name() string {
	if l < 0 || int(l) >= len(locationNames) {
		return ""
	}
	return locationNames[l]
}

// parseLocation reads a location code such as "FOU".
func parseLocation(code string) (Location, error) {
	for i, c := range locationCodes {
		if c == code {
			return Location(i), nil
		}
	}
	return noLocation, fmt.Errorf("no location %q (want CAF, MET, KIO or FOU)", code)
}

// cardKind says which deck a scored card came from.
type cardKind int

const (
	agentCard cardKind = iota
	locationCard
)

// card is one card in a score pile.
type card struct {
	kind cardKind
	val  int // a Colour or a Location
}
