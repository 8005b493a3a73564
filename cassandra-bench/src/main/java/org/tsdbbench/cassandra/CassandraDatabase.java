package org.tsdbbench.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import java.io.File;
import java.net.InetSocketAddress;
import java.time.Duration;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.db.WriteMatrix;
import org.tsdbbench.common.query.Dialect;

/**
 * Apache Cassandra through the Java driver 4.x. Driver settings (timeouts, page size) come from
 * the bundled application.conf, or the file given with {@code -conf}.
 */
public final class CassandraDatabase extends Database {

    private final CqlDialect dialect = new CqlDialect();

    @Override
    public String name() {
        return "cassandra";
    }

    @Override
    public String displayName() {
        return "Cassandra";
    }

    @Override
    public int defaultPort() {
        return 9042;
    }

    @Override
    public String passwordEnv() {
        return "CASSANDRA_PASSWORD";
    }

    @Override
    public Dialect dialect() {
        return dialect;
    }

    /**
     * The cluster settings a session applies: {@code --option replicationFactor=N} for the keyspace
     * it creates (null: not asked, 1 for a new keyspace) and {@code --option consistency=LEVEL} for
     * every read and write (null: the driver configuration's, LOCAL_ONE by default). Writes and
     * reads at QUORUM with replication 3 keep every acknowledged row countable with a node down.
     */
    record Replication(Integer factor, ConsistencyLevel consistency) {
    }

    static Replication replication(ConnectionOptions o) throws DatabaseException {
        String rf = o.extra("replicationFactor", null);
        Integer factor = null;
        if (rf != null) {
            try {
                factor = Integer.parseInt(rf.strip());
            } catch (NumberFormatException e) {
                factor = 0;
            }
            if (factor < 1) throw new DatabaseException("--option replicationFactor=" + rf + ": must be a whole number, at least 1");
        }
        String level = o.extra("consistency", null);
        ConsistencyLevel consistency = null;
        if (level != null) {
            try {
                consistency = DefaultConsistencyLevel.valueOf(level.strip().toUpperCase(java.util.Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new DatabaseException("--option consistency=" + level + ": use one of "
                        + java.util.Arrays.toString(DefaultConsistencyLevel.values()).replaceAll("[\\[\\]]", ""));
            }
        }
        return new Replication(factor, consistency);
    }

    @Override
    public Session open(ConnectionOptions o) throws DatabaseException {
        Replication replication = replication(o);
        String conf = o.extra("conf", "");
        // Several -host addresses are the cluster's contact points; the driver finds the other nodes itself.
        CqlSessionBuilder b = CqlSession.builder()
                .addContactPoints(o.addresses().stream().map(a -> new InetSocketAddress(a.host(), a.port())).toList())
                .withLocalDatacenter(o.extra("localDatacenter", "datacenter1"));
        if (!conf.isEmpty()) {
            b.withConfigLoader(DriverConfigLoader.fromFile(new File(conf)));
        } else if (o.extra().containsKey(ConnectionOptions.CONNECT_TIMEOUT_MS)) {
            // --option connectTimeoutMs bounds connecting and the login (the bundled configuration's 5 s otherwise).
            Duration t = o.connectTimeout();
            b.withConfigLoader(DriverConfigLoader.programmaticBuilder()
                    .withDuration(DefaultDriverOption.CONNECTION_CONNECT_TIMEOUT, t)
                    .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, t)
                    .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, t)
                    .build());
        }
        if (!o.password().isEmpty()) b.withAuthCredentials(o.user(), o.password().reveal());
        CqlSession session;
        try {
            session = b.build();
        } catch (RuntimeException e) {
            throw DatabaseException.unreachable(displayName(), o, e);
        }
        try {
            // --option requestTimeoutMs overrides the driver configuration's basic.request.timeout.
            Duration timeout = o.extra().containsKey(ConnectionOptions.REQUEST_TIMEOUT_MS) ? o.requestTimeout() : null;
            return new CassandraSession(session, o.database(), CassandraSession.WriteMode.of(o.extra("writeMode", "batch")),
                    conf.isEmpty() ? "application.conf (bundled)" : conf, timeout, replication,
                    new CassandraJmx(o.addresses().get(0).host(), Integer.parseInt(o.extra("jmxPort", "7199"))));
        } catch (RuntimeException e) {
            session.close();
            throw new DatabaseException("Cassandra: " + DatabaseException.rootMessage(e), e);
        }
    }

    /** The published write test's matrix (the spec's workload.md). */
    @Override
    public WriteMatrix publishedWriteMatrix() {
        return new WriteMatrix("1,10,50,100,500,1000", "1-7");
    }
}
