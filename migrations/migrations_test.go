package migrations_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"topsecret/migrations"
)

func names(t *testing.T, dialect string) []string {
	t.Helper()
	files, err := migrations.Files(dialect)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range files {
		out = append(out, f.Name)
	}
	return out
}

func TestFiles_SameNames(t *testing.T) {
	pg, lite := names(t, "postgres"), names(t, "sqlite")
	if len(pg) == 0 {
		t.Fatal("no postgres migrations embedded")
	}
	if diff := cmp.Diff(pg, lite); diff != "" {
		t.Fatalf("postgres and sqlite migrations differ (-postgres +sqlite):\n%s", diff)
	}
}

func TestFiles_ErrUnknownDialect(t *testing.T) {
	if _, err := migrations.Files("oracle"); err == nil {
		t.Fatal("Files(oracle) err=nil, want an error")
	}
}
