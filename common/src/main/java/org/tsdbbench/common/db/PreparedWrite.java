package org.tsdbbench.common.db;

/**
 * A write request built ahead of time (the {@code prepare} of a workload's session interface), so that a
 * write test can send it
 * with only the database call measured ({@code --option prebuild=true}).
 */
public interface PreparedWrite {

    /** The rows in the request. */
    int rows();

    /** Sends it; returns the rows the database acknowledged, as the session's {@code write} does. */
    long send() throws DatabaseException;

    /** Bytes it holds, about: what bounds how many are built ahead. */
    long bytes();

    /** The call that sends a built request. */
    @FunctionalInterface
    interface Send {
        long send() throws DatabaseException;
    }

    /** A request of {@code rows} rows holding about {@code bytes}, sent by {@code send}. */
    static PreparedWrite of(int rows, long bytes, Send send) {
        return new PreparedWrite() {
            @Override
            public int rows() {
                return rows;
            }

            @Override
            public long send() throws DatabaseException {
                return send.send();
            }

            @Override
            public long bytes() {
                return bytes;
            }
        };
    }
}
