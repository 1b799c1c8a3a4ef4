package pgtest

import (
	"errors"
	"fmt"
)

// Down stops the server as an operator or a crash would, keeping its data:
// a fast shutdown that ends every open connection. Up brings it back on
// the same port, so clients that keep the URL find it again. Both are for
// tests of what the app does while its database is gone.
func (c *Cluster) Down() error {
	if c.stopped.Load() {
		return errors.New("pgtest: cluster already stopped for good")
	}
	if c.admin != nil {
		c.admin.Close()
		c.admin = nil
	}
	return c.shutdown()
}

// Up restarts a cluster taken Down, on the port it had.
func (c *Cluster) Up() error {
	cred, err := credential(c.dir)
	if err != nil {
		return err
	}
	if err := c.serve(c.bindir, cred, c.port); err != nil {
		return fmt.Errorf("pgtest: up: %w", err)
	}
	return nil
}
