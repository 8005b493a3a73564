package org.tsdbbench.cassandra;

import org.tsdbbench.common.contract.SecretsContract;
import org.tsdbbench.common.db.Database;

/** The password of role bench on the real Cassandra, which runs with PasswordAuthenticator (CASSANDRA_PASSWORD), never shows; a wrong one is refused as such. */
class CassandraSecretsTest extends SecretsContract {

    @Override
    protected Database db() {
        return new CassandraDatabase();
    }

    @Override
    protected String refusal() {
        return "Provided username bench and/or password are incorrect";
    }
}
