//go:build race

package loadtest_test

// raceDetector says the tests run under the race detector, which slows the
// server several times over.
const raceDetector = true
