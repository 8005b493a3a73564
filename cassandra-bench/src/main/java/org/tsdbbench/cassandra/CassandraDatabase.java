package org.tsdbbench.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
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

    @Override
    public Session open(ConnectionOptions o) throws DatabaseException {
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
                    conf.isEmpty() ? "application.conf (bundled)" : conf, timeout,
                    Integer.parseInt(o.extra("replicationFactor", "1")),
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
