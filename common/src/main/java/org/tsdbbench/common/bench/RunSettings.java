package org.tsdbbench.common.bench;

import java.io.IOException;
import java.nio.file.Path;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseLookup;

/**
 * The one place a benchmark gets its settings and its database, once per trial: the
 * {@link BenchSettings} file the property {@value #PROPERTY} names (the CLI writes it and sets the
 * property on its forks, or in its own JVM for the length of an in-process run), and the database
 * module those settings name, found on the class path ({@link DatabaseLookup}). Without the
 * property, a run from an IDE, the database is the one on the class path (or the one
 * {@code TSBENCH_MODULE} names) with its defaults. A module asked for a workload it does not take
 * fails here, before any work.
 */
@State(Scope.Benchmark)
public class RunSettings {

    /** The system property that names the settings file. */
    public static final String PROPERTY = "tsbench.settings";

    private Database database;
    private BenchSettings settings;

    /** For JMH, which reads the settings in {@link #read()}. */
    public RunSettings() {
    }

    /** Settings given as they are, with their database (the harness's own tests drive a benchmark by hand with these). */
    RunSettings(Database database, BenchSettings settings) {
        this.database = database;
        this.settings = settings;
        checkWorkload();
    }

    @Setup(Level.Trial)
    public void read() throws IOException {
        String file = System.getProperty(PROPERTY);
        if (file == null || file.isBlank()) {
            database = DatabaseLookup.fromEnvironment();
            settings = BenchSettings.defaults(database);
        } else {
            settings = BenchSettings.read(Path.of(file));
            database = DatabaseLookup.find(settings.module());
        }
        checkWorkload();
    }

    /** One line naming the module and the workload when the module does not take the settings' workload. */
    private void checkWorkload() {
        database.descriptor().checkTakes(settings.dataSet().workload());
    }

    public Database database() {
        return database;
    }

    public BenchSettings settings() {
        return settings;
    }
}
