// Package games holds the games' engines, one folder each. It lists none
// of them: main does (cmd/topsecret/shelf), and hands them down.
package games
