package org.tsdbbench.common.db;

/**
 * A database operation that failed, with a message a user can act on (which server, which
 * request). The harness counts these and reports them; it never swallows them.
 */
public class DatabaseException extends Exception {
    private static final long serialVersionUID = 1L;

    public DatabaseException(String message) {
        super(message);
    }

    public DatabaseException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * The server could not be reached or refused the login: names user@host:port, never the
     * password (masked should a driver's message quote it).
     */
    public static DatabaseException unreachable(String database, ConnectionOptions options, Throwable cause) {
        String why = rootMessage(cause);
        String secret = options.password().reveal();
        if (!secret.isEmpty()) why = why.replace(secret, "****");
        return new DatabaseException("cannot connect to " + database + " as " + options.user() + "@" + options.address() + ": " + why, cause);
    }

    /**
     * The innermost cause's message: drivers wrap the useful part several layers deep. A timeout
     * anywhere in the chain wins, since what it wraps (e.g. "Socket closed") hides why.
     */
    public static String rootMessage(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof java.net.SocketTimeoutException || c instanceof java.net.http.HttpTimeoutException) {
                return "timed out (" + (c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage().replace('\n', ' ').trim()) + ")";
            }
        }
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        String msg = root.getMessage();
        if (msg == null || msg.isBlank()) msg = root.getClass().getSimpleName();
        return msg.replace('\n', ' ').trim();
    }
}
