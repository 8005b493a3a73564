package org.tsdbbench.common.cli;

import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseDescriptor;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.query.Dialect;

/** A stand-in module that opens nothing, for the CLI's own tests: its descriptor is all a check before any work may read. */
final class OfflineDatabase extends Database {

    OfflineDatabase(DatabaseDescriptor descriptor) {
        super(descriptor);
    }

    @Override
    public Dialect dialect() {
        throw new AssertionError("no dialect needed");
    }

    @Override
    public Session open(ConnectionOptions options) {
        throw new AssertionError("a session was opened before the checks that come first");
    }
}
