package org.tsdbbench.tdengine;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Jdbc;
import org.tsdbbench.common.query.ResultSink;

/**
 * The JDBC driver's connection (native {@code jdbc:TAOS://} or WebSocket {@code jdbc:TAOS-WS://}):
 * one statement reused for every request of the session.
 */
final class JdbcChannel implements Channel {

    private static final long RETRY_PAUSE_NANOS = 250_000_000L;

    private final Connection connection;
    private final Statement statement;

    private JdbcChannel(Connection connection) throws SQLException {
        this.connection = connection;
        this.statement = connection.createStatement();
    }

    /**
     * Connects within {@code timeout}. The native client library does not bound its own connect
     * (a closed port took 11 s here, a silent one minutes), so the connect runs on a thread of its
     * own and is abandoned when it is late; a connection that arrives after that is closed. 2.x's
     * library now and then refuses a connect at once ("Unable to establish connection") that the
     * next attempt makes: such a refusal is tried again until the timeout.
     */
    static JdbcChannel open(String url, Properties properties, Duration timeout) throws DatabaseException {
        CompletableFuture<Connection> connecting = new CompletableFuture<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        Thread t = new Thread(() -> {
            while (true) {
                try {
                    Connection c = DriverManager.getConnection(url, properties);
                    if (!connecting.complete(c)) close(c);
                    return;
                } catch (SQLException e) {
                    boolean refusedAtOnce = String.valueOf(e.getMessage()).contains("Unable to establish connection");
                    if (!refusedAtOnce || connecting.isDone() || System.nanoTime() + RETRY_PAUSE_NANOS > deadline) {
                        connecting.completeExceptionally(e);
                        return;
                    }
                    java.util.concurrent.locks.LockSupport.parkNanos(RETRY_PAUSE_NANOS);
                } catch (RuntimeException | LinkageError e) {
                    connecting.completeExceptionally(e);
                    return;
                }
            }
        }, "tdengine-connect");
        t.setDaemon(true);
        t.start();
        try {
            return new JdbcChannel(connecting.get(timeout.toMillis(), TimeUnit.MILLISECONDS));
        } catch (TimeoutException e) {
            connecting.cancel(false);
            // No cause: the message is the whole story (a TimeoutException has none to add).
            throw new DatabaseException("timed out: no connection within " + timeout.toMillis() + " ms (connectTimeoutMs)");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof UnsatisfiedLinkError || cause instanceof NoClassDefFoundError) {
                throw new DatabaseException("the native path needs TDengine's client library libtaos.so of the server's version on"
                        + " LD_LIBRARY_PATH (or -Djava.library.path): " + DatabaseException.rootMessage(cause), cause);
            }
            throw new DatabaseException(DatabaseException.rootMessage(cause), cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DatabaseException("interrupted while connecting", e);
        } catch (SQLException e) {
            throw new DatabaseException(DatabaseException.rootMessage(e), e);
        }
    }

    Connection connection() {
        return connection;
    }

    @Override
    public void use(String database) throws DatabaseException {
        update("USE " + database);
    }

    @Override
    public long update(String sql) throws DatabaseException {
        try {
            return statement.executeUpdate(sql);
        } catch (SQLException e) {
            throw new DatabaseException(e.getMessage(), e);
        }
    }

    @Override
    public void query(String sql, ResultSink sink) throws DatabaseException {
        try {
            Jdbc.query(connection, sql, sink);
        } catch (SQLException e) {
            throw new DatabaseException(e.getMessage(), e);
        }
    }

    @Override
    public String scalar(String sql) throws DatabaseException {
        try (ResultSet rs = statement.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : null;
        } catch (SQLException e) {
            throw new DatabaseException(e.getMessage(), e);
        }
    }

    @Override
    public List<String> texts(String sql) throws DatabaseException {
        List<String> first = new ArrayList<>();
        try (ResultSet rs = statement.executeQuery(sql)) {
            while (rs.next()) first.add(rs.getString(1));
        } catch (SQLException e) {
            throw new DatabaseException(e.getMessage(), e);
        }
        return first;
    }

    @Override
    public String driver() {
        try {
            var meta = connection.getMetaData();
            return meta.getDriverName() + " " + meta.getDriverVersion();
        } catch (SQLException e) {
            return "taos-jdbcdriver";
        }
    }

    @Override
    public void close() {
        close(connection);
    }

    private static void close(Connection c) {
        try {
            c.close();
        } catch (SQLException e) {
            // a dead connection has nothing left to release
        }
    }
}
