package org.tsdbbench.common.db;

import org.tsdbbench.common.query.Dialect;

/**
 * One database binding: its {@link DatabaseDescriptor} (names, defaults, options), dialect and how
 * to open a session. A module implements this and {@link Session}, and registers its class in
 * {@code META-INF/services/org.tsdbbench.common.db.Database} ({@link DatabaseLookup} finds it);
 * everything else (workload, harness, JMH benchmarks, CLI, checks) is shared.
 */
public abstract class Database {

    private final DatabaseDescriptor descriptor;

    /** A module passes its descriptor once; a subclass needs a public no-argument constructor (ServiceLoader makes it). */
    protected Database(DatabaseDescriptor descriptor) {
        this.descriptor = java.util.Objects.requireNonNull(descriptor, "descriptor");
    }

    public final DatabaseDescriptor descriptor() {
        return descriptor;
    }

    /** Short lower-case name used in file names and results: mysql, influx, clickhouse... */
    public final String name() {
        return descriptor.name();
    }

    /** Name as people write it: MySQL, InfluxDB... */
    public final String displayName() {
        return descriptor.displayName();
    }

    public abstract Dialect dialect();

    /**
     * The dialect of the server these options reach. Most databases speak one; a module whose
     * SQL depends on the server's version (TDengine 2.x and 3.x) asks the server.
     */
    public Dialect dialect(ConnectionOptions options) throws DatabaseException {
        return dialect();
    }

    /** Opens a session; an unreachable server gives a DatabaseException naming host and port. */
    public abstract Session open(ConnectionOptions options) throws DatabaseException;

    /** Row counts some databases settle a moment after writes are acknowledged (e.g. flush); default none. */
    public long settleMillis() {
        return 0;
    }
}
