package org.tsdbbench.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseDescriptor;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.ModuleOption;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.db.WritePath;
import org.tsdbbench.common.devops.CpuOnlyWorkload;
import org.tsdbbench.common.iot.IotPublishedCells;
import org.tsdbbench.common.iot.IotWorkload;
import org.tsdbbench.common.query.Dialect;

/**
 * Apache Cassandra through the Java driver 4.x. Driver settings (timeouts, page size) come from
 * the bundled application.conf, or the file given with {@code -conf}.
 */
public final class CassandraDatabase extends Database {

    /** The driver's configuration file ({@code -conf FILE} sets it too); the bundled application.conf otherwise. */
    static final ModuleOption<Path> CONF = ModuleOption.file("conf",
            "The driver's configuration file (HOCON, as -conf FILE); the bundled application.conf otherwise.");
    static final ModuleOption<String> LOCAL_DATACENTER = ModuleOption.text("localDatacenter", "datacenter1",
            "The driver's local datacenter.");
    static final ModuleOption<CassandraSession.WriteMode> WRITE_MODE = ModuleOption.choice("writeMode", CassandraSession.WriteMode.class,
            CassandraSession.WriteMode.BATCH, "How a request is sent: one UNLOGGED batch per partition (batch), or one INSERT per row, all in flight (async).");
    static final ModuleOption<Integer> REPLICATION_FACTOR = ModuleOption.integer("replicationFactor", null, 1, 100,
            "Replication factor of the keyspace the schema step creates; none: 1 for a new keyspace, an existing one's as it is.");
    /** The consistency option's value that keeps the driver configuration's level. */
    static final String CONSISTENCY_OF_CONF = "conf";
    static final ModuleOption<String> CONSISTENCY = ModuleOption.choice("consistency", CONSISTENCY_OF_CONF,
            "Consistency level of every read and write; conf: the driver configuration's (LOCAL_ONE in the bundled one)."
                    + " QUORUM with replicationFactor=3 keeps every acknowledged row countable with a node down.",
            Stream.concat(Stream.of(CONSISTENCY_OF_CONF), Arrays.stream(DefaultConsistencyLevel.values()).map(Enum::name)).toArray(String[]::new));
    static final ModuleOption<Integer> JMX_PORT = ModuleOption.integer("jmxPort", 7199, 1, 65535,
            "The node's JMX port, read for the disk step (LiveDiskSpaceUsed, compactions).");

    private final CqlDialect dialect = new CqlDialect();

    public CassandraDatabase() {
        // The published write test's matrix (the spec's workload.md).
        super(new DatabaseDescriptor("cassandra", "Cassandra", 9042, "bench", "CASSANDRA_PASSWORD",
                CONF, LOCAL_DATACENTER, WRITE_MODE, REPLICATION_FACTOR, CONSISTENCY, JMX_PORT)
                .withPublishedWriteMatrix("1,10,50,100,500,1000", "1-7").withClusterScript("cassandra-cluster")
                // The published code's batches of prepared INSERTs; async single INSERTs measured slower here (README: Write path).
                .withWritePaths(WritePath.published("batch", Map.of("writeMode", "batch"), "devices"))
                // The IoT trucks go the same way (UNLOGGED batches per table and fleet); no published report ran them on Cassandra.
                // The DevOps hosts too: UNLOGGED batches per host (README: TSBS DevOps).
                .withWorkloads(DevicesWorkload.INSTANCE, IotWorkload.INSTANCE, CpuOnlyWorkload.INSTANCE)
                .withPublishedCells(IotPublishedCells.nearest()));
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
        String level = option(o, CONSISTENCY);
        return new Replication(option(o, REPLICATION_FACTOR), level.equals(CONSISTENCY_OF_CONF) ? null : DefaultConsistencyLevel.valueOf(level));
    }

    /** An option's value; a bad one (a session opened without the CLI's checks) is a DatabaseException naming it before anything connects. */
    private static <T> T option(ConnectionOptions o, ModuleOption<T> option) throws DatabaseException {
        try {
            return o.get(option);
        } catch (IllegalArgumentException e) {
            throw new DatabaseException(e.getMessage(), e);
        }
    }

    @Override
    public Session open(ConnectionOptions o) throws DatabaseException {
        Replication replication = replication(o);
        Path conf = option(o, CONF);
        // Several -host addresses are the cluster's contact points; the driver finds the other nodes itself.
        CqlSessionBuilder b = CqlSession.builder()
                .addContactPoints(o.addresses().stream().map(a -> new InetSocketAddress(a.host(), a.port())).toList())
                .withLocalDatacenter(o.get(LOCAL_DATACENTER));
        if (conf != null) {
            b.withConfigLoader(DriverConfigLoader.fromFile(conf.toFile()));
        } else if (o.isSet(ModuleOption.CONNECT_TIMEOUT_MS)) {
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
        } catch (AllNodesFailedException e) {
            // The driver's message says "Could not reach any contact point" even when a node answered
            // and refused the login: the reason named is the first node error, in the driver's words
            // (its own message, not its innermost cause's, which for a refused connection is a bare class name).
            Throwable first = e.getAllErrors().values().stream().flatMap(List::stream).findFirst().orElse(null);
            if (first == null || first.getMessage() == null) throw DatabaseException.unreachable(displayName(), o, e);
            RuntimeException why = new RuntimeException(first.getMessage());
            why.addSuppressed(e);
            throw DatabaseException.unreachable(displayName(), o, why);
        } catch (RuntimeException e) {
            throw DatabaseException.unreachable(displayName(), o, e);
        }
        try {
            // --option requestTimeoutMs overrides the driver configuration's basic.request.timeout.
            Duration timeout = o.isSet(ModuleOption.REQUEST_TIMEOUT_MS) ? o.requestTimeout() : null;
            return new CassandraSession(session, o.database(), o.get(WRITE_MODE),
                    conf == null ? "application.conf (bundled)" : conf.toString(), timeout, replication,
                    new CassandraJmx(o.addresses().get(0).host(), o.get(JMX_PORT)));
        } catch (RuntimeException e) {
            session.close();
            throw new DatabaseException("Cassandra: " + DatabaseException.rootMessage(e), e);
        }
    }
}
