package org.tsdbbench.common.cli;

import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseLookup;

/**
 * The main of every database jar ({@code java -jar <db>-bench/target/<db>-bench.jar [step] [options]}):
 * finds the jar's database module on the class path ({@link DatabaseLookup}) and runs the shared
 * command line ({@link BenchCli}) for it. No module has a main of its own.
 */
public final class BenchMain {

    private BenchMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** The exit code of the command line for the database on the class path; none, or several unnamed, is bad input. */
    static int run(String... args) {
        Database db;
        try {
            db = DatabaseLookup.fromEnvironment();
        } catch (IllegalStateException e) {
            System.err.println("error: " + e.getMessage());
            return BenchCli.USAGE;
        }
        return BenchCli.run(db, args);
    }
}
