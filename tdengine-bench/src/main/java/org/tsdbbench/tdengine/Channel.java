package org.tsdbbench.tdengine;

import java.util.List;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.query.ResultSink;

/**
 * One client's way of sending SQL to TDengine, whatever the path: the session above it builds the
 * statements, this sends them. Errors come back as {@link DatabaseException}s with the server's
 * reason.
 */
interface Channel extends AutoCloseable {

    /** Later statements run in this database. */
    void use(String database) throws DatabaseException;

    /** Runs an INSERT or DDL statement; returns the rows the server says it inserted (affected rows). */
    long update(String sql) throws DatabaseException;

    /** Runs a query and hands every row to the sink (numbers as doubles, timestamps as epoch ms, NULL as NaN). */
    void query(String sql, ResultSink sink) throws DatabaseException;

    /** The first column of the first row as text, or null when the query returns no row. */
    String scalar(String sql) throws DatabaseException;

    /** The first column of every row as text (null for NULL), in order: text columns, which {@link #query} cannot carry. */
    List<String> texts(String sql) throws DatabaseException;

    /** The driver (or HTTP client) this channel uses, for the manifest. */
    String driver();

    @Override
    void close();
}
