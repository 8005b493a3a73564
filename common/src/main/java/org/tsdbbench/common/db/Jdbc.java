package org.tsdbbench.common.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.tsdbbench.common.query.ResultSink;

/** JDBC plumbing shared by the JDBC-based modules (no driver here: only java.sql). */
public final class Jdbc {

    private Jdbc() {
    }

    /**
     * Runs a query and hands every row to the sink, each column read as a double (NULL as NaN,
     * a TIMESTAMP as epoch milliseconds, text as its number or NaN) and each text column also as
     * its text ({@link ResultSink#row(double[], String[])}).
     */
    public static void query(Connection c, String sql, ResultSink sink) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            int columns = rs.getMetaData().getColumnCount();
            boolean[] timestamp = new boolean[columns];
            boolean[] text = new boolean[columns];
            for (int i = 0; i < columns; i++) {
                int type = rs.getMetaData().getColumnType(i + 1);
                timestamp[i] = type == java.sql.Types.TIMESTAMP;
                text[i] = type == java.sql.Types.VARCHAR || type == java.sql.Types.CHAR || type == java.sql.Types.NCHAR
                        || type == java.sql.Types.NVARCHAR || type == java.sql.Types.LONGVARCHAR || type == java.sql.Types.BINARY
                        || type == java.sql.Types.VARBINARY;
            }
            double[] row = new double[columns];
            String[] texts = new String[columns];
            while (rs.next()) {
                for (int i = 0; i < columns; i++) {
                    if (timestamp[i]) {
                        java.sql.Timestamp t = rs.getTimestamp(i + 1);
                        row[i] = t == null ? Double.NaN : t.getTime();
                    } else if (text[i]) {
                        texts[i] = rs.getString(i + 1);
                        row[i] = number(texts[i]);
                    } else {
                        double v = rs.getDouble(i + 1);
                        row[i] = rs.wasNull() ? Double.NaN : v;
                    }
                }
                sink.row(row, texts);
            }
        }
    }

    private static double number(String s) {
        if (s == null) return Double.NaN;
        try {
            return Double.parseDouble(s.strip());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** A single long from a query such as SELECT COUNT(*). */
    public static long queryLong(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            if (!rs.next()) throw new SQLException("no row from: " + sql);
            return rs.getLong(1);
        }
    }

    /** A single string from a query such as SELECT VERSION(). */
    public static String queryString(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            if (!rs.next()) throw new SQLException("no row from: " + sql);
            return rs.getString(1);
        }
    }

    public static void execute(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    /**
     * Executes the statement's JDBC batch and returns the rows it stored. A driver that rewrites the
     * batch into multi-row statements reports SUCCESS_NO_INFO for each row: such a batch is applied
     * whole or not at all (one statement, or one implicit transaction), and it succeeded, so each
     * such row was stored; a failure throws.
     */
    public static long executeBatch(PreparedStatement st) throws SQLException {
        long acked = 0;
        for (int count : st.executeBatch()) {
            if (count == Statement.SUCCESS_NO_INFO) acked++;
            else if (count > 0) acked += count;
        }
        return acked;
    }
}
